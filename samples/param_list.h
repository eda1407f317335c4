// The named, ranged parameters a sample exposes. Declaring a parameter once
// gives it a panel widget (DrawParamWidgets), a command-line setter
// (--set name=value, or --at SECONDS:name=value later in a run), an optional
// keyboard key and a line in --list-params, so every state a user can reach
// with the mouse or the keyboard can also be reached, captured and dumped
// headless.
#pragma once

#include <string>
#include <vector>

namespace samples {

struct Param {
  // kTrigger: a one-shot action (jump, punch): a button, a key, or
  // --set name=1; the sample reads and clears the flag in its next Update.
  enum class Kind { kFloat, kInt, kBool, kChoice, kTrigger };
  Kind kind = Kind::kFloat;
  std::string name;  // lower_snake_case, used by --set
  std::string help;  // one line, shown as the widget's tooltip and by --list-params
  float* float_value = nullptr;
  int* int_value = nullptr;    // kInt and kChoice (index into choices)
  bool* bool_value = nullptr;  // kBool, and kTrigger's "fired" flag
  float min = 0.0f;
  float max = 1.0f;
  std::vector<std::string> choices;
  // Keyboard: `key` fires a trigger or toggles a bool; for a float,
  // key_less/key_more step it by a tenth of its range. Upper-case letters,
  // digits, or 0 for none (GLFW's key codes for these are their ASCII codes).
  int key = 0;
  int key_less = 0;
  int key_more = 0;
};

class ParamList {
 public:
  void AddFloat(std::string name, float* value, float min, float max, std::string help);
  void AddInt(std::string name, int* value, int min, int max, std::string help);
  void AddBool(std::string name, bool* value, std::string help);
  void AddChoice(std::string name, int* index, std::vector<std::string> choices, std::string help);
  void AddTrigger(std::string name, bool* fired, int key, std::string help);
  // Appends every parameter of `other`, bound to the same variables (a
  // sample built on another one's parameters offers them as its own).
  void Adopt(const ParamList& other);
  // Binds keys to an existing parameter (see Param::key).
  void BindKeys(const std::string& name, int key, int key_less = 0, int key_more = 0);
  // Applies a key press; true when some parameter is bound to `key`.
  bool PressKey(int key);
  // Changes the range of an existing kFloat parameter (e.g. a speed slider
  // up to the loaded character's run speed), clamping its value.
  void SetRange(const std::string& name, float min, float max);
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
  // Each parameter's current value as the assignment that sets it again
  // ("speed=0.5", "clip=2", exact for floats); a trigger's only while it is
  // fired ("jump=1"), else an empty string. One entry per parameter, in order.
  std::vector<std::string> Assignments() const;

 private:
  Param& Add(Param p);
  std::vector<Param> params_;
};

// ImGui widgets for every parameter (slider, checkbox or combo).
void DrawParamWidgets(ParamList& params);
// One parameter's widget. With `shown` (in a row of several) the widget is
// labelled so, or not at all for ""; its width is the caller's
// (ImGui::SetNextItemWidth).
void DrawParamWidget(const Param& p, const char* shown = nullptr);

// A --set name made from free text (a clip or morph-target name):
// lower-case letters and digits, other runs as one '_' ("Angry" -> "angry",
// "mixamo.com|Run" -> "mixamo_com_run"); "param" when nothing is left.
std::string ParamNameFrom(const std::string& text);
// A sample's notice (Sample::Notice), wrapped and in a warning colour;
// nothing when empty.
void DrawNotice(const std::string& notice);
// A wrapped line of help in the disabled-text colour (keys, where to look).
void DrawHint(const char* hint);

}  // namespace samples
