#include "import/gltf_json_scan.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "import/gltf_context.h"
#include "import/gltf_item_costs.h"
#include "import/gltf_limits.h"

namespace anim::gltf {

namespace {

using Json = nlohmann::json;

// Bytes one element of a glTF array costs once tinygltf has parsed it and
// the import has made what it becomes (gltf_item_costs.h), by the array's
// key: top-level arrays ("nodes", "samplers") and the arrays inside their
// objects ("channels", an animation's "samplers", "primitives") differ, and
// a scene's "nodes" are only indices.
std::size_t ElementBytes(const std::string& key, bool top_level) {
  static const std::map<std::string, std::size_t> kTopLevel = {
      {"accessors", sizeof(tinygltf::Accessor)},
      {"animations", sizeof(tinygltf::Animation) + kClipBytes},
      {"buffers", sizeof(tinygltf::Buffer)},
      {"bufferViews", sizeof(tinygltf::BufferView)},
      {"cameras", sizeof(tinygltf::Camera)},
      {"images", sizeof(tinygltf::Image)},
      {"materials", sizeof(tinygltf::Material) + sizeof(Material)},
      {"meshes", sizeof(tinygltf::Mesh)},
      {"nodes", sizeof(tinygltf::Node) + kNodeBytes},
      {"samplers", sizeof(tinygltf::Sampler)},
      {"scenes", sizeof(tinygltf::Scene)},
      {"skins", sizeof(tinygltf::Skin)},
      {"textures", sizeof(tinygltf::Texture)},
  };
  static const std::map<std::string, std::size_t> kNested = {
      {"channels", sizeof(tinygltf::AnimationChannel) + kChannelBytes},
      {"samplers", sizeof(tinygltf::AnimationSampler)},
      {"primitives", sizeof(tinygltf::Primitive) + kPrimitiveBytes},
      {"targets", sizeof(std::map<std::string, int>)},
  };
  const auto& table = top_level ? kTopLevel : kNested;
  const auto it = table.find(key);
  return it == table.end() ? 0 : it->second;
}

// nlohmann's document: every value is a json (16 bytes); an object adds a
// std::map and per member a tree node with its key; an array a vector, whose
// capacity may run up to twice its size; a long string its characters.
// Each heap allocation also costs malloc's header and rounding.
constexpr std::size_t kAllocationBytes = 32;
constexpr std::size_t kValueBytes = sizeof(Json);
constexpr std::size_t kObjectBytes = sizeof(Json::object_t) + kAllocationBytes;
constexpr std::size_t kMemberBytes = 48 + sizeof(std::string) + sizeof(Json) + kAllocationBytes;
constexpr std::size_t kArrayBytes = sizeof(Json::array_t) + 2 * kAllocationBytes;
constexpr std::size_t kArraySlackBytes = sizeof(Json);
// tinygltf copies numbers of arrays into std::vector<double> or <int>, and
// every value under "extras" or "extensions" into its own Value type.
constexpr std::size_t kNumberCopyBytes = sizeof(double);
constexpr std::size_t kExtraValueBytes = sizeof(tinygltf::Value) + 64;

// Members whose numbers are indices or counts (glTF 2.0's schema gives
// each a minimum of 0), and arrays whose elements are indices.
const std::set<std::string> kIndexKeys = {
    "buffer",   "bufferView",    "byteLength", "byteOffset", "byteStride",
    "camera",   "count",         "index",      "indices",    "input",
    "material", "mesh",          "node",       "output",     "inverseBindMatrices",
    "sampler",  "scene",         "skeleton",   "skin",       "source",
    "texCoord", "componentType", "mode"};
const std::set<std::string> kIndexArrays = {"children", "joints", "nodes"};

// How refusals name what the pre-scan counted.
const char* const kWhat = "the parsed JSON and the items it declares";

class Scanner {
 public:
  explicit Scanner(LoadBudget& budget) : budget_(budget) {}

  std::size_t estimate = 0;

  bool null() { return Scalar(); }
  bool boolean(bool) { return Scalar(); }
  bool number_integer(Json::number_integer_t v) {
    if (!InExtras() && (v > INT32_MAX || v < INT32_MIN)) OutOfRange(std::to_string(v));
    if (v < 0 && AtIndex()) Negative(std::to_string(v));
    return Number();
  }
  bool number_unsigned(Json::number_unsigned_t v) {
    if (!InExtras() && v > static_cast<Json::number_unsigned_t>(INT32_MAX)) {
      OutOfRange(std::to_string(v));
    }
    return Number();
  }
  bool number_float(Json::number_float_t v, const std::string& text) {
    if (v < 0 && AtIndex()) Negative(text);
    return Number();
  }
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
    bool in_extras = false;    // "extras" or "extensions" holds this container
    bool extras_only = false;  // "extras" holds it: numbers are the application's
    std::string key;           // object: the member being read
    std::string name;          // the member naming it, or naming the array holding it
    std::size_t index = 0;     // array: the element being read
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
    // Refused as soon as the estimate passes what is left, not at the end
    // of a 50 MB file.
    if ((++values_ & 4095) == 0 && estimate > budget_.Left()) {
      budget_.Keep(1, estimate, kWhat);
    }
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
    child.name = open_.empty()           ? std::string()
                 : open_.back().is_array ? open_.back().name
                                         : open_.back().key;
    // open_ holds the root object alone when this is a top-level member.
    child.element_bytes = is_array && !child.in_extras ? ElementBytes(name, open_.size() == 1) : 0;
    open_.push_back(std::move(child));
    if (static_cast<int>(open_.size()) > kMaxJsonDepth) {
      throw ImportError("the JSON nests arrays/objects more than " + std::to_string(kMaxJsonDepth) +
                        " levels deep (at " + Path() + "); glTF files need far fewer");
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
  // Whether the number being read is an index or a count, which glTF's
  // schema requires to be 0 or more: an index member ("node", "accessor"...
  // see kIndexKeys), an element of an index array ("children", "joints", a
  // scene's "nodes"), or a member of "attributes" or of a morph target.
  // Outside "extras" and "extensions", whose numbers the importer does not
  // read as indices.
  bool AtIndex() const {
    if (open_.empty() || Child().in_extras) return false;
    const Container& parent = open_.back();
    if (parent.is_array) return kIndexArrays.count(parent.name) > 0;
    return kIndexKeys.count(parent.key) > 0 || parent.name == "attributes" ||
           parent.name == "targets";
  }
  [[noreturn]] void Negative(const std::string& text) const {
    throw ImportError("the index or count " + text + " at " + Path() +
                      " is negative; glTF requires 0 or more there");
  }
  [[noreturn]] void OutOfRange(const std::string& text) const {
    throw ImportError("the integer " + text + " at " + Path() +
                      " does not fit in 32 bits (glTF indices and counts are far smaller); "
                      "it would be read as a different number");
  }

  LoadBudget& budget_;
  std::size_t values_ = 0;
  std::vector<Container> open_;
};

}  // namespace

void ScanJson(std::string_view json, LoadBudget& budget) {
  Scanner scanner(budget);
  Json::sax_parse(json.begin(), json.end(), &scanner);
  budget.Keep(1, scanner.estimate, kWhat);
}

}  // namespace anim::gltf
