#include "import/graph_description_params.h"

#include <charconv>
#include <cmath>
#include <cstring>

#include "import/graph_description_builder.h"

namespace anim::graph_build {

using graph_json::Fail;
using graph_json::NameList;

namespace {

bool IsNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

bool IsIdentifier(std::string_view s) {
  if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
  for (char c : s) {
    if (!IsNameChar(c)) return false;
  }
  return true;
}

int FindParam(const ParameterSet& params, std::string_view name, const std::string& where) {
  const int id = params.Find(name);
  if (id < 0) {
    std::vector<std::string> names;
    names.reserve(static_cast<std::size_t>(params.Count()));
    for (int i = 0; i < params.Count(); ++i) names.push_back(params.Name(i));
    Fail(where + ": unknown parameter " + Quote(name) + " (parameters: " + NameList(names) + ")");
  }
  return id;
}

// "<param>", "!<param>" or "<param> <op> <number>" (docs/graph_format.md).
Condition ParseCondition(const ParameterSet& params, const std::string& text,
                         const std::string& where) {
  const std::string at = where + " " + Quote(text);
  std::string_view s = Trim(text);
  if (s.empty()) Fail(at + ": empty condition");
  const bool negate = s.front() == '!';
  if (negate) s = Trim(s.substr(1));
  std::size_t n = 0;
  while (n < s.size() && IsNameChar(s[n])) ++n;
  const std::string name(s.substr(0, n));
  if (name.empty()) Fail(at + ": expected a parameter name");
  const int id = FindParam(params, name, at);
  const ParamType type = params.Type(id);
  const std::string_view rest = Trim(s.substr(n));
  Condition c;
  c.param = id;
  if (rest.empty()) {
    if (type == ParamType::kFloat) {
      Fail(at + ": parameter " + Quote(name) + " is a float: compare it with a number, e.g. '" +
           name + " > 0.5'");
    }
    if (type == ParamType::kTrigger && negate) {
      Fail(at + ": trigger " + Quote(name) + " cannot be negated (test '" + name +
           "': it holds the update it is fired)");
    }
    c.op = type == ParamType::kTrigger ? CompareOp::kTriggered
                                       : (negate ? CompareOp::kIsFalse : CompareOp::kIsTrue);
    return c;
  }
  if (negate) Fail(at + ": '!' goes with a bool parameter alone, e.g. '!grounded'");
  static constexpr std::pair<const char*, CompareOp> kOps[] = {
      {">=", CompareOp::kGreaterEqual}, {"<=", CompareOp::kLessEqual}, {"==", CompareOp::kEqual},
      {"!=", CompareOp::kNotEqual},     {">", CompareOp::kGreater},    {"<", CompareOp::kLess}};
  std::string_view number;
  bool found = false;
  for (const auto& [op, value] : kOps) {
    if (rest.substr(0, std::strlen(op)) == op) {
      c.op = value;
      number = Trim(rest.substr(std::strlen(op)));
      found = true;
      break;
    }
  }
  if (!found) Fail(at + ": expected one of > < >= <= == != after " + Quote(name));
  if (type != ParamType::kFloat) {
    Fail(at + ": parameter " + Quote(name) + " is a " + ParamTypeName(type) +
         "; only floats are compared (test '" + name + "'" +
         (type == ParamType::kBool ? " or '!" + name + "'" : std::string()) + ")");
  }
  float value = 0.0f;
  const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
  if (number.empty() || ec == std::errc::invalid_argument || end != number.data() + number.size()) {
    Fail(at + ": expected a number after the operator, got " + Quote(number));
  }
  if (ec == std::errc::result_out_of_range || !(std::abs(value) <= kMaxMagnitude)) {
    Fail(at + ": " + std::string(number) + " is out of range [-1e+06, 1e+06]");
  }
  c.value = value;
  return c;
}

}  // namespace anim::graph_build
