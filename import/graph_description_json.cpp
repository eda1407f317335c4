#include "import/graph_description_json.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <unordered_set>

namespace anim::graph_json {

void Fail(std::string message) { throw DescriptionError{std::move(message)}; }

namespace {

std::string FormatNumber(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

// Where the parser is, for the duplicate-key message: one frame per open
// object or array.
struct Frame {
  bool is_array = false;
  std::string key;  // object: the key whose value is being read
  int index = 0;    // array: elements completed so far = index of the current one
  std::unordered_set<std::string> keys;  // object: keys seen
};

std::string PathOf(const std::vector<Frame>& frames, std::size_t count) {
  std::string path;
  for (std::size_t i = 0; i < count; ++i) {
    if (frames[i].is_array) {
      path += "[" + std::to_string(frames[i].index) + "]";
    } else {
      if (!path.empty()) path += ".";
      path += frames[i].key;
    }
  }
  return path.empty() ? "the top-level object" : path;
}

// Builds the document from nlohmann's SAX events in time linear in the
// text. nlohmann's own builders are not: the callback parser scans the
// parent container for discarded values at the end of every object, and
// ordered_json's operator[] searches an object's keys for each new key, so a
// 15 MB file of small objects took minutes. Here keys are checked for
// duplicates in a hash set and appended without a search.
class DocumentBuilder {
 public:
  explicit DocumentBuilder(int max_depth) : max_depth_(max_depth) {}

  Json TakeRoot() { return std::move(root_); }

  bool null() { return Add(Json(nullptr)) != nullptr; }
  bool boolean(bool v) { return Add(Json(v)) != nullptr; }
  bool number_integer(Json::number_integer_t v) { return Add(Json(v)) != nullptr; }
  bool number_unsigned(Json::number_unsigned_t v) { return Add(Json(v)) != nullptr; }
  bool number_float(Json::number_float_t v, const std::string&) { return Add(Json(v)) != nullptr; }
  bool string(std::string& v) { return Add(Json(std::move(v))) != nullptr; }
  bool binary(Json::binary_t& v) { return Add(Json(std::move(v))) != nullptr; }
  bool start_object(std::size_t) { return Open(Json::object()); }
  bool start_array(std::size_t) { return Open(Json::array()); }
  bool key(std::string& key) {
    Frame& f = frames_.back();
    f.key = key;
    if (!f.keys.insert(f.key).second) {
      Fail("the key '" + f.key + "' appears twice in " + PathOf(frames_, frames_.size() - 1) +
           " (names must be unique)");
    }
    auto& members = open_.back()->get_ref<Json::object_t&>();
    members.emplace_back(std::move(key), Json());
    return true;
  }
  bool end_object() { return Close(); }
  bool end_array() { return Close(); }
  bool parse_error(std::size_t byte, const std::string&, const nlohmann::detail::exception& e) {
    // out_of_range.406 (a number beyond double, 1e400) comes here too.
    Fail("malformed JSON at byte " + std::to_string(byte) + ": " + e.what());
  }

 private:
  void CheckDepth() {
    if (static_cast<int>(frames_.size()) > max_depth_) {
      Fail("the JSON nests arrays/objects more than " + std::to_string(max_depth_) +
           " levels deep (at " + PathOf(frames_, frames_.size()) + "); a graph description needs " +
           "fewer than 10");
    }
  }
  // Places a value where the parser is: the root, the next array element, or
  // the value of the key just read. Open containers are always the last
  // element of theirs, which does not grow while they are open, so the
  // pointers in open_ stay valid.
  Json* Add(Json value) {
    CheckDepth();
    if (open_.empty()) {
      root_ = std::move(value);
      return &root_;
    }
    Json& parent = *open_.back();
    if (parent.is_array()) {
      auto& elements = parent.get_ref<Json::array_t&>();
      elements.push_back(std::move(value));
      ++frames_.back().index;
      return &elements.back();
    }
    auto& members = parent.get_ref<Json::object_t&>();
    members.back().second = std::move(value);
    return &members.back().second;
  }
  bool Open(Json container) {
    const bool is_array = container.is_array();
    Json* placed = Add(std::move(container));
    // An array's element index counts completed elements: this one is not yet.
    if (!open_.empty() && open_.back()->is_array()) --frames_.back().index;
    open_.push_back(placed);
    frames_.push_back(Frame{is_array, {}, 0, {}});
    return true;
  }
  bool Close() {
    open_.pop_back();
    frames_.pop_back();
    if (!frames_.empty() && frames_.back().is_array) ++frames_.back().index;
    return true;
  }

  int max_depth_;
  Json root_;
  std::vector<Json*> open_;
  std::vector<Frame> frames_;
};

}  // namespace

Json Parse(std::string_view text, int max_depth) {
  DocumentBuilder builder(max_depth);
  Json::sax_parse(text.begin(), text.end(), &builder);
  return builder.TakeRoot();
}

std::string NameList(std::span<const std::string> names, std::size_t max) {
  if (names.empty()) return "none";
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < max; ++i) {
    if (i > 0) out += ", ";
    out += names[i];
  }
  if (names.size() > max) out += ", ... (" + std::to_string(names.size()) + " in all)";
  return out;
}

std::string TypeName(const Json& value) {
  if (value.is_boolean()) return "a boolean";
  if (value.is_number()) return "a number";
  if (value.is_string()) return "a string";
  if (value.is_array()) return "an array";
  if (value.is_object()) return "an object";
  return "null";
}

std::string ExpectString(const Json& value, const std::string& where) {
  if (!value.is_string()) Fail(where + ": expected a string, got " + TypeName(value));
  return value.get<std::string>();
}

float ExpectNumber(const Json& value, const std::string& where, float min, float max) {
  if (!value.is_number()) Fail(where + ": expected a number, got " + TypeName(value));
  const double v = value.get<double>();
  if (!(v >= min && v <= max)) {
    Fail(where + ": " + FormatNumber(v) + " is out of range [" + FormatNumber(min) + ", " +
         FormatNumber(max) + "]");
  }
  return static_cast<float>(v);
}

ObjectReader::ObjectReader(const Json& value, std::string where)
    : value_(value), where_(std::move(where)) {
  if (!value.is_object()) graph_json::Fail(where_ + ": expected an object, got " + TypeName(value));
}

void ObjectReader::Fail(std::string_view field, const std::string& what) const {
  graph_json::Fail(where_ + ": " + std::string(field) + ": " + what);
}

void ObjectReader::Known(std::string_view key) {
  if (std::find(known_.begin(), known_.end(), key) == known_.end()) known_.emplace_back(key);
}

bool ObjectReader::Has(std::string_view key) { return Optional(key) != nullptr; }

const Json* ObjectReader::Optional(std::string_view key) {
  Known(key);
  auto it = value_.find(key);
  return it == value_.end() ? nullptr : &*it;
}

const Json& ObjectReader::Required(std::string_view key) {
  const Json* v = Optional(key);
  if (v == nullptr) graph_json::Fail(where_ + ": missing field '" + std::string(key) + "'");
  return *v;
}

std::string ObjectReader::String(std::string_view key) {
  return ExpectString(Required(key), where_ + ": " + std::string(key));
}

std::string ObjectReader::String(std::string_view key, std::string fallback) {
  const Json* v = Optional(key);
  return v ? ExpectString(*v, where_ + ": " + std::string(key)) : std::move(fallback);
}

bool ObjectReader::Bool(std::string_view key, bool fallback) {
  const Json* v = Optional(key);
  if (v == nullptr) return fallback;
  if (!v->is_boolean()) Fail(key, "expected true or false, got " + TypeName(*v));
  return v->get<bool>();
}

float ObjectReader::Number(std::string_view key, float fallback, float min, float max) {
  const Json* v = Optional(key);
  return v ? ExpectNumber(*v, where_ + ": " + std::string(key), min, max) : fallback;
}

int ObjectReader::Integer(std::string_view key, int fallback, int min, int max) {
  const Json* v = Optional(key);
  if (v == nullptr) return fallback;
  if (!v->is_number_integer()) Fail(key, "expected a whole number, got " + TypeName(*v));
  // Compare in the widest type: a 20-digit literal must not wrap into range.
  bool in_range;
  if (v->is_number_unsigned()) {
    const std::uint64_t u = v->get<std::uint64_t>();
    in_range =
        u <= static_cast<std::uint64_t>(max) && (min <= 0 || u >= static_cast<std::uint64_t>(min));
  } else {
    const std::int64_t i = v->get<std::int64_t>();
    in_range = i >= min && i <= max;
  }
  if (!in_range) {
    Fail(key,
         v->dump() + " is out of range [" + std::to_string(min) + ", " + std::to_string(max) + "]");
  }
  return static_cast<int>(v->get<std::int64_t>());
}

int ObjectReader::Choice(std::string_view key, std::span<const char* const> names, int fallback) {
  const Json* v = Optional(key);
  if (v == nullptr) return fallback;
  const std::string s = ExpectString(*v, where_ + ": " + std::string(key));
  std::string options;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (s == names[i]) return static_cast<int>(i);
    options += (i > 0 ? ", " : "") + std::string(names[i]);
  }
  Fail(key, "unknown value '" + s + "' (one of: " + options + ")");
}

const Json& ObjectReader::Array(std::string_view key, std::size_t min_size, std::size_t max_size) {
  const Json& v = Required(key);
  if (!v.is_array()) Fail(key, "expected an array, got " + TypeName(v));
  if (v.size() < min_size || v.size() > max_size) {
    Fail(key,
         "has " + std::to_string(v.size()) + " entries, expected " +
             (min_size == max_size ? std::to_string(min_size)
                                   : std::to_string(min_size) + " to " + std::to_string(max_size)));
  }
  return v;
}

void ObjectReader::Finish() const {
  for (auto it = value_.begin(); it != value_.end(); ++it) {
    if (it.key() == "comment") continue;
    if (std::find(known_.begin(), known_.end(), it.key()) == known_.end()) {
      graph_json::Fail(where_ + ": unknown field '" + it.key() +
                       "' (known here: " + NameList(known_) + ", comment)");
    }
  }
}

}  // namespace anim::graph_json
