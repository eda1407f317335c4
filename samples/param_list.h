// The named, ranged parameters a sample exposes. Declaring a parameter once
// gives it a panel widget (DrawParamWidgets), a command-line setter
// (--set name=value) and a line in --list-params, so every state a user can
// reach with the mouse can also be reached, captured and dumped headless.
#pragma once

#include <string>
#include <vector>

namespace samples {

struct Param {
  enum class Kind { kFloat, kInt, kBool, kChoice };
  Kind kind = Kind::kFloat;
  std::string name;  // lower_snake_case, used by --set
  std::string help;  // one line, shown as the widget's tooltip and by --list-params
  float* float_value = nullptr;
  int* int_value = nullptr;  // kInt and kChoice (index into choices)
  bool* bool_value = nullptr;
  float min = 0.0f;
  float max = 1.0f;
  std::vector<std::string> choices;
};

class ParamList {
 public:
  void AddFloat(std::string name, float* value, float min, float max, std::string help);
  void AddInt(std::string name, int* value, int min, int max, std::string help);
  void AddBool(std::string name, bool* value, std::string help);
  void AddChoice(std::string name, int* index, std::vector<std::string> choices, std::string help);
  // Replaces the choices of an existing kChoice parameter (e.g. clip names
  // after a model loads), clamping its index.
  void SetChoices(const std::string& name, std::vector<std::string> choices);

  // Sets a parameter from text: numbers for float/int (clamped to the range
  // is an error, not a silent clamp), true/false/1/0 for bool, a choice's
  // name or index for choices. On failure `error` says why.
  bool Set(const std::string& name, const std::string& value, std::string* error);
  // "name=value" as given to --set.
  bool SetAssignment(const std::string& assignment, std::string* error);

  const std::vector<Param>& All() const { return params_; }
  const Param* Find(const std::string& name) const;
  // One line per parameter: name, kind, range or choices, current value, help.
  std::string Describe() const;

 private:
  Param& Add(Param p);
  std::vector<Param> params_;
};

// ImGui widgets for every parameter (slider, checkbox or combo).
void DrawParamWidgets(ParamList& params);

}  // namespace samples
