#include "samples/param_list.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace samples {

namespace {

bool ParseFloat(const std::string& text, float* out) {
  if (text.empty()) return false;
  char* end = nullptr;
  const float v = std::strtof(text.c_str(), &end);
  if (end != text.c_str() + text.size() || !std::isfinite(v)) return false;
  *out = v;
  return true;
}

bool ParseInt(const std::string& text, int* out) {
  if (text.empty()) return false;
  char* end = nullptr;
  const long v = std::strtol(text.c_str(), &end, 10);
  if (end != text.c_str() + text.size() || v < -1000000000L || v > 1000000000L) return false;
  *out = static_cast<int>(v);
  return true;
}

std::string Range(float min, float max) {
  std::ostringstream s;
  s << "[" << min << ", " << max << "]";
  return s.str();
}

}  // namespace

void ParamList::Adopt(const ParamList& other) {
  for (const Param& p : other.All()) Add(p);
}

std::string ParamNameFrom(const std::string& text) {
  std::string name;
  for (unsigned char c : text) {
    if (std::isalnum(c) != 0) {
      name += static_cast<char>(std::tolower(c));
    } else if (!name.empty() && name.back() != '_') {
      name += '_';
    }
  }
  while (!name.empty() && name.back() == '_') name.pop_back();
  return name.empty() ? "param" : name;
}

Param& ParamList::Add(Param p) {
  params_.push_back(std::move(p));
  return params_.back();
}

void ParamList::AddFloat(std::string name, float* value, float min, float max, std::string help) {
  Param p;
  p.kind = Param::Kind::kFloat;
  p.name = std::move(name);
  p.help = std::move(help);
  p.float_value = value;
  p.min = min;
  p.max = max;
  Add(std::move(p));
}

void ParamList::AddInt(std::string name, int* value, int min, int max, std::string help) {
  Param p;
  p.kind = Param::Kind::kInt;
  p.name = std::move(name);
  p.help = std::move(help);
  p.int_value = value;
  p.min = static_cast<float>(min);
  p.max = static_cast<float>(max);
  Add(std::move(p));
}

void ParamList::AddBool(std::string name, bool* value, std::string help) {
  Param p;
  p.kind = Param::Kind::kBool;
  p.name = std::move(name);
  p.help = std::move(help);
  p.bool_value = value;
  Add(std::move(p));
}

void ParamList::AddChoice(std::string name, int* index, std::vector<std::string> choices,
                          std::string help) {
  Param p;
  p.kind = Param::Kind::kChoice;
  p.name = std::move(name);
  p.help = std::move(help);
  p.int_value = index;
  p.choices = std::move(choices);
  Add(std::move(p));
}

void ParamList::AddTrigger(std::string name, bool* fired, int key, std::string help) {
  Param p;
  p.kind = Param::Kind::kTrigger;
  p.name = std::move(name);
  p.help = std::move(help);
  p.bool_value = fired;
  p.key = key;
  Add(std::move(p));
}

void ParamList::BindKeys(const std::string& name, int key, int key_less, int key_more) {
  for (Param& p : params_) {
    if (p.name != name) continue;
    p.key = key;
    p.key_less = key_less;
    p.key_more = key_more;
  }
}

bool ParamList::PressKey(int key) {
  if (key == 0) return false;
  bool handled = false;
  for (Param& p : params_) {
    if (p.key == key && (p.kind == Param::Kind::kTrigger || p.kind == Param::Kind::kBool)) {
      *p.bool_value = p.kind == Param::Kind::kTrigger ? true : !*p.bool_value;
      handled = true;
    }
    if (p.kind == Param::Kind::kFloat && (p.key_less == key || p.key_more == key)) {
      const float step = (p.max - p.min) / 10.0f * (p.key_more == key ? 1.0f : -1.0f);
      *p.float_value = std::clamp(*p.float_value + step, p.min, p.max);
      handled = true;
    }
  }
  return handled;
}

void ParamList::SetChoices(const std::string& name, std::vector<std::string> choices) {
  for (Param& p : params_) {
    if (p.name != name || p.kind != Param::Kind::kChoice) continue;
    p.choices = std::move(choices);
    const int n = static_cast<int>(p.choices.size());
    if (*p.int_value >= n) *p.int_value = n > 0 ? n - 1 : 0;
    if (*p.int_value < 0) *p.int_value = 0;
    return;  // names are unique
  }
}

void ParamList::SetRange(const std::string& name, float min, float max) {
  for (Param& p : params_) {
    if (p.name != name || p.kind != Param::Kind::kFloat) continue;
    p.min = min;
    p.max = max;
    *p.float_value = std::clamp(*p.float_value, min, max);
  }
}

const Param* ParamList::Find(const std::string& name) const {
  for (const Param& p : params_) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

bool ParamList::Set(const std::string& name, const std::string& value, std::string* error) {
  Param* p = nullptr;
  for (Param& q : params_) {
    if (q.name == name) p = &q;
  }
  if (p == nullptr) {
    std::string known;
    for (const Param& q : params_) known += (known.empty() ? "" : ", ") + q.name;
    *error = "unknown parameter '" + name + "' (this sample has: " + known + ")";
    return false;
  }
  switch (p->kind) {
    case Param::Kind::kFloat: {
      float v = 0.0f;
      if (!ParseFloat(value, &v)) {
        *error = name + ": '" + value + "' is not a number";
        return false;
      }
      if (v < p->min || v > p->max) {
        *error = name + ": " + value + " is outside " + Range(p->min, p->max);
        return false;
      }
      *p->float_value = v;
      return true;
    }
    case Param::Kind::kInt: {
      int v = 0;
      if (!ParseInt(value, &v)) {
        *error = name + ": '" + value + "' is not a whole number";
        return false;
      }
      if (v < p->min || v > p->max) {
        *error = name + ": " + value + " is outside " + Range(p->min, p->max);
        return false;
      }
      *p->int_value = v;
      return true;
    }
    case Param::Kind::kTrigger:
      if (value == "1" || value == "true" || value == "fire") {
        *p->bool_value = true;
        return true;
      }
      *error = name + ": a trigger is fired with 1 (or true, fire), got '" + value + "'";
      return false;
    case Param::Kind::kBool:
      if (value == "true" || value == "1" || value == "on") {
        *p->bool_value = true;
        return true;
      }
      if (value == "false" || value == "0" || value == "off") {
        *p->bool_value = false;
        return true;
      }
      *error = name + ": '" + value + "' is not true/false";
      return false;
    case Param::Kind::kChoice: {
      for (std::size_t i = 0; i < p->choices.size(); ++i) {
        if (p->choices[i] == value) {
          *p->int_value = static_cast<int>(i);
          return true;
        }
      }
      int index = 0;
      if (ParseInt(value, &index) && index >= 0 && index < static_cast<int>(p->choices.size())) {
        *p->int_value = index;
        return true;
      }
      std::string known;
      for (const std::string& c : p->choices) known += (known.empty() ? "" : ", ") + c;
      *error = name + ": '" + value + "' is not one of: " + known;
      return false;
    }
  }
  return false;
}

bool ParamList::SetAssignment(const std::string& assignment, std::string* error) {
  const auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0) {
    *error = "--set expects name=value, got '" + assignment + "'";
    return false;
  }
  return Set(assignment.substr(0, eq), assignment.substr(eq + 1), error);
}

std::vector<std::string> ParamList::Assignments() const {
  std::vector<std::string> out;
  out.reserve(params_.size());
  for (const Param& p : params_) {
    char value[32] = "";
    switch (p.kind) {
      case Param::Kind::kFloat: std::snprintf(value, sizeof value, "%.9g", *p.float_value); break;
      case Param::Kind::kInt:
      case Param::Kind::kChoice: std::snprintf(value, sizeof value, "%d", *p.int_value); break;
      case Param::Kind::kBool:
        std::snprintf(value, sizeof value, "%s", *p.bool_value ? "true" : "false");
        break;
      case Param::Kind::kTrigger:
        if (!*p.bool_value) {
          out.emplace_back();
          continue;
        }
        std::snprintf(value, sizeof value, "1");
        break;
    }
    out.push_back(p.name + "=" + value);
  }
  return out;
}

std::string ParamList::Describe() const {
  std::ostringstream s;
  for (const Param& p : params_) {
    s << "  " << p.name << " = ";
    switch (p.kind) {
      case Param::Kind::kFloat:
        s << *p.float_value << "  (float " << Range(p.min, p.max) << ")";
        break;
      case Param::Kind::kInt: s << *p.int_value << "  (int " << Range(p.min, p.max) << ")"; break;
      case Param::Kind::kBool: s << (*p.bool_value ? "true" : "false") << "  (bool)"; break;
      case Param::Kind::kTrigger: s << "(trigger: --set " << p.name << "=1)"; break;
      case Param::Kind::kChoice: {
        const int i = *p.int_value;
        s << (i >= 0 && i < static_cast<int>(p.choices.size()) ? p.choices[i] : "?")
          << "  (one of:";
        for (const std::string& c : p.choices) s << " " << c;
        s << ")";
        break;
      }
    }
    if (p.key != 0) s << "  key " << static_cast<char>(p.key);
    if (p.key_less != 0)
      s << "  keys " << static_cast<char>(p.key_less) << "/" << static_cast<char>(p.key_more);
    s << "\n      " << p.help << "\n";
  }
  return s.str();
}

}  // namespace samples
