// Internal to the graph description loader: parsing the JSON with bounded
// nesting and no silently merged duplicate keys, and reading fields with
// errors that say where they are ("node 'walk': rate: expected a number or a
// parameter name, got an array"). Every failure throws DescriptionError; the
// loader catches it once and prefixes the file name.
#pragma once

#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace anim::graph_json {

// ordered_json keeps the file's order, so nodes, states and errors come out
// in the order the author wrote them.
using Json = nlohmann::ordered_json;

struct DescriptionError {
  std::string message;
};

[[noreturn]] void Fail(std::string message);

// Parses `text`. Malformed JSON fails with nlohmann's message (which has the
// line and column) and byte position; nesting deeper than `max_depth` and a
// key repeated in one object (nlohmann would keep the last one silently, so
// two nodes of the same name would merge) fail with the key's path.
Json Parse(std::string_view text, int max_depth);

// "a, b, c", at most `max` names then "... (N in all)".
std::string NameList(std::span<const std::string> names, std::size_t max = 24);

// One JSON object being read. Every key the reader asks for is "known";
// Finish() fails on any other key, naming it and the known ones, so a typo
// ("trasitions") is an error instead of a silently ignored field. A
// "comment" key is allowed anywhere.
class ObjectReader {
 public:
  // Fails unless `value` is an object. `where` starts the reader's errors.
  ObjectReader(const Json& value, std::string where);

  const std::string& Where() const { return where_; }
  [[noreturn]] void Fail(std::string_view field, const std::string& what) const;

  bool Has(std::string_view key);
  const Json* Optional(std::string_view key);
  const Json& Required(std::string_view key);

  std::string String(std::string_view key);  // required
  std::string String(std::string_view key, std::string fallback);
  bool Bool(std::string_view key, bool fallback);
  // A finite number in [min, max] (fails otherwise, naming the range).
  float Number(std::string_view key, float fallback, float min, float max);
  int Integer(std::string_view key, int fallback, int min, int max);
  // The value of `key`, one of `names` (index into it).
  int Choice(std::string_view key, std::span<const char* const> names, int fallback);
  const Json& Array(std::string_view key, std::size_t min_size, std::size_t max_size);

  void Finish() const;

 private:
  void Known(std::string_view key);

  const Json& value_;
  std::string where_;
  std::vector<std::string> known_;
};

// Free-standing checks for values that are not a field of an object reader
// (array elements): `where` names the value in errors.
std::string ExpectString(const Json& value, const std::string& where);
float ExpectNumber(const Json& value, const std::string& where, float min, float max);
std::string TypeName(const Json& value);

}  // namespace anim::graph_json
