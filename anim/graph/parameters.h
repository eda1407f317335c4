// The named inputs a blend tree or state machine reads each frame: floats
// (speed, direction), bools (grounded) and triggers (jump, punch). Names are
// resolved to ids once, when a graph is built; per-frame reads and writes go
// by id and never allocate. Setting by name is offered for tools and UIs.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace anim {

enum class ParamType { kFloat, kBool, kTrigger };
const char* ParamTypeName(ParamType type);

class ParameterSet {
 public:
  // Adds a parameter; returns its id, or -1 when the name is taken or empty.
  int Add(std::string name, ParamType type, float initial = 0.0f);
  // Id of a parameter, or -1.
  int Find(std::string_view name) const;
  int Count() const { return static_cast<int>(values_.size()); }
  const std::string& Name(int id) const { return names_[id]; }
  ParamType Type(int id) const { return types_[id]; }

  // Bools and triggers read as 0 or 1. An invalid id reads 0.
  float Get(int id) const { return id >= 0 && id < Count() ? values_[id] : 0.0f; }
  bool IsSet(int id) const { return Get(id) != 0.0f; }
  // Non-finite values are refused (the parameter keeps its value).
  bool Set(int id, float value);
  bool Set(std::string_view name, float value) { return Set(Find(name), value); }
  // A trigger stays set until the graph update that follows has run: a
  // transition waiting on it consumes it, and any trigger left unused is
  // cleared at the end of that update, so a key press never fires later.
  bool Fire(int id) { return Set(id, 1.0f); }
  bool Fire(std::string_view name) { return Fire(Find(name)); }
  void ClearTriggers();
  // Bytes held, names included (for memory reports).
  std::size_t MemoryBytes() const;

 private:
  // Values apart from names and types: a frame reads a few values, and
  // ClearTriggers does nothing unless a trigger was set since the last one.
  std::vector<float> values_;
  std::vector<ParamType> types_;
  std::vector<std::string> names_;
  bool triggers_set_ = false;
};

// A node input that is either a constant or a parameter.
struct FloatInput {
  int param = -1;  // -1: use `constant`
  float constant = 0.0f;
  float Get(const ParameterSet& params) const { return param >= 0 ? params.Get(param) : constant; }
};

}  // namespace anim
