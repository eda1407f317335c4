#include "anim/graph/parameters.h"

#include <cmath>

namespace anim {

const char* ParamTypeName(ParamType type) {
  switch (type) {
    case ParamType::kFloat: return "float";
    case ParamType::kBool: return "bool";
    case ParamType::kTrigger: return "trigger";
  }
  return "?";
}

int ParameterSet::Add(std::string name, ParamType type, float initial) {
  if (name.empty() || Find(name) >= 0 || !std::isfinite(initial)) return -1;
  if (type != ParamType::kFloat) initial = initial != 0.0f ? 1.0f : 0.0f;
  names_.push_back(std::move(name));
  types_.push_back(type);
  values_.push_back(initial);
  triggers_set_ |= type == ParamType::kTrigger && initial != 0.0f;
  return Count() - 1;
}

int ParameterSet::Find(std::string_view name) const {
  for (int i = 0; i < Count(); ++i) {
    if (names_[i] == name) return i;
  }
  return -1;
}

bool ParameterSet::Set(int id, float value) {
  if (id < 0 || id >= Count() || !std::isfinite(value)) return false;
  if (types_[id] != ParamType::kFloat) value = value != 0.0f ? 1.0f : 0.0f;
  values_[id] = value;
  triggers_set_ |= types_[id] == ParamType::kTrigger && value != 0.0f;
  return true;
}

std::size_t ParameterSet::MemoryBytes() const {
  std::size_t bytes = sizeof(*this) + values_.capacity() * sizeof(float) +
                      types_.capacity() * sizeof(ParamType) +
                      names_.capacity() * sizeof(std::string);
  for (const std::string& n : names_) {
    if (n.capacity() > 15) bytes += n.capacity() + 1;  // beyond the small-string buffer
  }
  return bytes;
}

void ParameterSet::ClearTriggers() {
  if (!triggers_set_) return;
  for (int i = 0; i < Count(); ++i) {
    if (types_[i] == ParamType::kTrigger) values_[i] = 0.0f;
  }
  triggers_set_ = false;
}

}  // namespace anim
