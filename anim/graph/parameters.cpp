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
  params_.push_back({std::move(name), type, initial});
  return Count() - 1;
}

int ParameterSet::Find(std::string_view name) const {
  for (int i = 0; i < Count(); ++i) {
    if (params_[i].name == name) return i;
  }
  return -1;
}

float ParameterSet::Get(int id) const { return id >= 0 && id < Count() ? params_[id].value : 0.0f; }

bool ParameterSet::Set(int id, float value) {
  if (id < 0 || id >= Count() || !std::isfinite(value)) return false;
  if (params_[id].type != ParamType::kFloat) value = value != 0.0f ? 1.0f : 0.0f;
  params_[id].value = value;
  return true;
}

std::size_t ParameterSet::MemoryBytes() const {
  std::size_t bytes = sizeof(*this) + params_.capacity() * sizeof(Entry);
  for (const Entry& e : params_) {
    if (e.name.capacity() > 15) bytes += e.name.capacity() + 1;  // beyond the small-string buffer
  }
  return bytes;
}

void ParameterSet::ClearTriggers() {
  for (Entry& e : params_) {
    if (e.type == ParamType::kTrigger) e.value = 0.0f;
  }
}

}  // namespace anim
