#include "json_reader.h"

#include <cctype>
#include <cstdlib>

namespace app_test {
namespace {

const JsonValue kNull;

class Parser {
 public:
  explicit Parser(const std::string& text) : s_(text) {}

  bool Document(JsonValue* v) {
    if (!Value(v)) return false;
    Space();
    return pos_ == s_.size();
  }
  std::size_t pos() const { return pos_; }

 private:
  void Space() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  bool Literal(const char* word) {
    const std::string w(word);
    if (s_.compare(pos_, w.size(), w) != 0) return false;
    pos_ += w.size();
    return true;
  }
  bool String(std::string* out) {
    if (s_[pos_] != '"') return false;
    ++pos_;
    while (pos_ < s_.size() && s_[pos_] != '"') {
      char c = s_[pos_++];
      if (c == '\\') {
        if (pos_ >= s_.size()) return false;
        const char e = s_[pos_++];
        if (e == 'n') {
          c = '\n';
        } else if (e == 't') {
          c = '\t';
        } else if (e == 'r') {
          c = '\r';
        } else if (e == 'u') {
          if (pos_ + 4 > s_.size()) return false;
          c = static_cast<char>(std::strtol(s_.substr(pos_, 4).c_str(), nullptr, 16));
          pos_ += 4;
        } else
          c = e;
      }
      out->push_back(c);
    }
    if (pos_ >= s_.size()) return false;
    ++pos_;
    return true;
  }
  bool Value(JsonValue* v) {
    Space();
    if (pos_ >= s_.size()) return false;
    const char c = s_[pos_];
    if (c == '{') {
      v->type = JsonValue::Type::kObject;
      ++pos_;
      Space();
      if (s_[pos_] == '}') {
        ++pos_;
        return true;
      }
      while (true) {
        Space();
        std::string key;
        if (!String(&key)) return false;
        Space();
        if (s_[pos_++] != ':') return false;
        if (!Value(&v->object[key])) return false;
        Space();
        if (s_[pos_] == ',') {
          ++pos_;
          continue;
        }
        if (s_[pos_] == '}') {
          ++pos_;
          return true;
        }
        return false;
      }
    }
    if (c == '[') {
      v->type = JsonValue::Type::kArray;
      ++pos_;
      Space();
      if (s_[pos_] == ']') {
        ++pos_;
        return true;
      }
      while (true) {
        v->array.emplace_back();
        if (!Value(&v->array.back())) return false;
        Space();
        if (s_[pos_] == ',') {
          ++pos_;
          continue;
        }
        if (s_[pos_] == ']') {
          ++pos_;
          return true;
        }
        return false;
      }
    }
    if (c == '"') {
      v->type = JsonValue::Type::kString;
      return String(&v->string);
    }
    if (Literal("true")) {
      v->type = JsonValue::Type::kBool;
      v->boolean = true;
      return true;
    }
    if (Literal("false")) {
      v->type = JsonValue::Type::kBool;
      return true;
    }
    if (Literal("null")) {
      v->type = JsonValue::Type::kNull;
      return true;
    }
    const char* start = s_.c_str() + pos_;
    char* end = nullptr;
    v->number = std::strtod(start, &end);
    if (end == start) return false;
    v->type = JsonValue::Type::kNumber;
    pos_ += static_cast<std::size_t>(end - start);
    return true;
  }

  const std::string& s_;
  std::size_t pos_ = 0;
};

}  // namespace

const JsonValue& JsonValue::operator[](const std::string& key) const {
  auto it = object.find(key);
  return it == object.end() ? kNull : it->second;
}

const JsonValue& JsonValue::operator[](std::size_t index) const {
  return index < array.size() ? array[index] : kNull;
}

bool ParseJson(const std::string& text, JsonValue* value, std::string* error) {
  Parser parser(text);
  if (!parser.Document(value)) {
    *error = "malformed JSON near offset " + std::to_string(parser.pos());
    return false;
  }
  return true;
}

}  // namespace app_test
