// A small JSON reader for the tests, written independently of the viewer's
// JSON writer so that a malformed dump fails the test instead of being read
// back by the same code that wrote it.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace app_test {

struct JsonValue {
  enum class Type { kNull, kBool, kNumber, kString, kArray, kObject } type = Type::kNull;
  bool boolean = false;
  double number = 0.0;
  std::string string;
  std::vector<JsonValue> array;
  std::map<std::string, JsonValue> object;

  const JsonValue& operator[](const std::string& key) const;  // null value if absent
  const JsonValue& operator[](std::size_t index) const;
};

// Parses a whole document; false (with the offset in `error`) if malformed.
bool ParseJson(const std::string& text, JsonValue* value, std::string* error);

}  // namespace app_test
