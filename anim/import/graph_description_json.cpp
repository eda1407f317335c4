#include "anim/import/graph_description_json.h"

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

}  // namespace

Json Parse(std::string_view text, int max_depth) {
  std::vector<Frame> frames;
  // nlohmann calls this for every event; container events come at the
  // container's own depth, its keys and elements at depth + 1.
  auto callback = [&](int depth, Json::parse_event_t event, Json& parsed) {
    if (depth > max_depth) {
      Fail("the JSON nests arrays/objects more than " + std::to_string(max_depth) +
           " levels deep (at " + PathOf(frames, frames.size()) + "); a graph description needs " +
           "fewer than 10");
    }
    auto element_done = [&] {
      if (!frames.empty() && frames.back().is_array) ++frames.back().index;
    };
    switch (event) {
      case Json::parse_event_t::object_start:
      case Json::parse_event_t::array_start:
        frames.push_back(Frame{event == Json::parse_event_t::array_start, {}, 0, {}});
        break;
      case Json::parse_event_t::key: {
        Frame& f = frames.back();
        f.key = parsed.get<std::string>();
        if (!f.keys.insert(f.key).second) {
          Fail("the key '" + f.key + "' appears twice in " + PathOf(frames, frames.size() - 1) +
               " (names must be unique)");
        }
        break;
      }
      case Json::parse_event_t::object_end:
      case Json::parse_event_t::array_end:
        frames.pop_back();
        element_done();
        break;
      case Json::parse_event_t::value:
        element_done();
        break;
    }
    return true;
  };
  try {
    return Json::parse(text.begin(), text.end(), callback);
  } catch (const Json::parse_error& e) {
    Fail("malformed JSON at byte " + std::to_string(e.byte) + ": " + e.what());
  } catch (const Json::exception& e) {
    // out_of_range.406: a number literal beyond double (1e400).
    Fail(std::string("malformed JSON: ") + e.what());
  }
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
  return v ? ExpectString(*v, where_ + ": " + std::string(key)) : fallback;
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

float ObjectReader::RequiredNumber(std::string_view key, float min, float max) {
  return ExpectNumber(Required(key), where_ + ": " + std::string(key), min, max);
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
