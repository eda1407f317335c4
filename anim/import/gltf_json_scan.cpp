#include "anim/import/gltf_json_scan.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "anim/import/gltf_context.h"
#include "anim/import/gltf_limits.h"

namespace anim::gltf {

namespace {

using Json = nlohmann::json;

// Bytes one element of a glTF array costs once tinygltf has parsed it, by
// the array's key ("samplers" is both a top-level array and an animation's).
std::size_t ElementBytes(const std::string& key) {
  static const std::map<std::string, std::size_t> kBytes = {
      {"accessors", sizeof(tinygltf::Accessor)},
      {"animations", sizeof(tinygltf::Animation)},
      {"channels", sizeof(tinygltf::AnimationChannel)},
      {"samplers", std::max(sizeof(tinygltf::AnimationSampler), sizeof(tinygltf::Sampler))},
      {"buffers", sizeof(tinygltf::Buffer)},
      {"bufferViews", sizeof(tinygltf::BufferView)},
      {"cameras", sizeof(tinygltf::Camera)},
      {"images", sizeof(tinygltf::Image)},
      {"materials", sizeof(tinygltf::Material)},
      {"meshes", sizeof(tinygltf::Mesh)},
      {"primitives", sizeof(tinygltf::Primitive)},
      {"targets", sizeof(std::map<std::string, int>)},
      {"nodes", sizeof(tinygltf::Node)},
      {"scenes", sizeof(tinygltf::Scene)},
      {"skins", sizeof(tinygltf::Skin)},
      {"textures", sizeof(tinygltf::Texture)},
  };
  const auto it = kBytes.find(key);
  return it == kBytes.end() ? 0 : it->second;
}

// nlohmann's document: every value is a json (16 bytes); an object adds a
// std::map and per member a tree node with its key; an array a vector, whose
// capacity may run up to twice its size; a long string its characters.
constexpr std::size_t kValueBytes = sizeof(Json);
constexpr std::size_t kObjectBytes = sizeof(Json::object_t) + 16;
constexpr std::size_t kMemberBytes = 48 + sizeof(std::string) + sizeof(Json);
constexpr std::size_t kArrayBytes = sizeof(Json::array_t) + 16;
constexpr std::size_t kArraySlackBytes = sizeof(Json);
// tinygltf copies numbers of arrays into std::vector<double> or <int>, and
// every value under "extras" or "extensions" into its own Value type.
constexpr std::size_t kNumberCopyBytes = sizeof(double);
constexpr std::size_t kExtraValueBytes = sizeof(tinygltf::Value) + 64;

class Scanner {
 public:
  std::size_t estimate = 0;

  bool null() { return Scalar(); }
  bool boolean(bool) { return Scalar(); }
  bool number_integer(Json::number_integer_t v) {
    if (!InExtras() && (v > INT32_MAX || v < INT32_MIN)) OutOfRange(std::to_string(v));
    return Number();
  }
  bool number_unsigned(Json::number_unsigned_t v) {
    if (!InExtras() && v > static_cast<Json::number_unsigned_t>(INT32_MAX)) {
      OutOfRange(std::to_string(v));
    }
    return Number();
  }
  bool number_float(Json::number_float_t, const std::string&) { return Number(); }
  bool string(std::string& s) {
    if (s.size() > 15) estimate += s.size() + 1;
    estimate += sizeof(std::string);  // tinygltf's copy
    return Scalar();
  }
  bool binary(Json::binary_t&) { return Scalar(); }
  bool start_object(std::size_t) {
    Open(false);
    estimate += kObjectBytes;
    return true;
  }
  bool start_array(std::size_t) {
    Open(true);
    estimate += kArrayBytes;
    return true;
  }
  bool key(std::string& k) {
    Container& c = open_.back();
    c.key = std::move(k);
    estimate += kMemberBytes + (c.key.size() > 15 ? c.key.size() + 1 : 0);
    return true;
  }
  bool end_object() { return Close(); }
  bool end_array() { return Close(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) {
    return false;  // tinygltf reports malformed JSON in its own words
  }

 private:
  struct Container {
    bool is_array = false;
    bool in_extras = false;  // "extras" or "extensions" holds this container
    bool extras_only = false;  // "extras" holds it: numbers are the application's
    std::string key;         // object: the member being read
    std::size_t index = 0;   // array: the element being read
    std::size_t element_bytes = 0;
  };

  bool InExtras() const { return !open_.empty() && Child().extras_only; }

  // Flags of a value placed in the innermost container now.
  Container Child() const {
    Container child;
    if (open_.empty()) return child;
    const Container& parent = open_.back();
    child.in_extras = parent.in_extras ||
                      (!parent.is_array && (parent.key == "extras" || parent.key == "extensions"));
    child.extras_only = parent.extras_only || (!parent.is_array && parent.key == "extras");
    return child;
  }

  void Element() {
    estimate += kValueBytes;
    if (open_.empty()) return;
    if (Child().in_extras) estimate += kExtraValueBytes;
    Container& parent = open_.back();
    if (parent.is_array) {
      estimate += kArraySlackBytes + parent.element_bytes;
      ++parent.index;
    }
  }
  bool Scalar() {
    Element();
    return true;
  }
  bool Number() {
    if (!open_.empty() && open_.back().is_array) estimate += kNumberCopyBytes;
    return Scalar();
  }
  void Open(bool is_array) {
    Container child = Child();
    // The key naming an array says what its elements become in tinygltf.
    const std::string name =
        open_.empty() || open_.back().is_array ? std::string() : open_.back().key;
    Element();
    if (!open_.empty() && open_.back().is_array) --open_.back().index;  // counted on close
    child.is_array = is_array;
    child.element_bytes = is_array && !child.in_extras ? ElementBytes(name) : 0;
    open_.push_back(std::move(child));
    if (static_cast<int>(open_.size()) > kMaxJsonDepth) {
      throw ImportError("the JSON nests arrays/objects more than " +
                        std::to_string(kMaxJsonDepth) + " levels deep (at " + Path() +
                        "); glTF files need far fewer");
    }
  }
  bool Close() {
    open_.pop_back();
    if (!open_.empty() && open_.back().is_array) ++open_.back().index;
    return true;
  }
  std::string Path() const {
    std::string path;
    for (const Container& c : open_) {
      if (c.is_array) {
        path += "[" + std::to_string(c.index) + "]";
      } else if (!c.key.empty()) {
        path += (path.empty() ? "" : ".") + c.key;
      }
    }
    return path.empty() ? "the top level" : path;
  }
  [[noreturn]] void OutOfRange(const std::string& text) const {
    throw ImportError("the integer " + text + " at " + Path() +
                      " does not fit in 32 bits (glTF indices and counts are far smaller); "
                      "it would be read as a different number");
  }

  std::vector<Container> open_;
};

}  // namespace

void ScanJson(std::string_view json, LoadBudget& budget) {
  Scanner scanner;
  Json::sax_parse(json.begin(), json.end(), &scanner);
  budget.Keep(1, scanner.estimate, "parsing the JSON");
}

}  // namespace anim::gltf
