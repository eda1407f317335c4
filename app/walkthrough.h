// The walkthrough inside the viewer: every sample of samples/, the one that
// is active, and the glue that shows its pose on the character. Shared by
// the window, the headless capture and --list-params.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/animated_character.h"
#include "app/command_line.h"
#include "samples/sample.h"

namespace animviewer {

class Walkthrough {
 public:
  Walkthrough();

  int SampleCount() const { return static_cast<int>(samples_.size()); }
  samples::Sample& SampleAt(int index) { return *samples_[index]; }
  int active() const { return active_; }
  samples::Sample* Active() { return active_ >= 0 ? samples_[active_].get() : nullptr; }

  // Makes sample `index` active on `model` (which must stay alive while it
  // is active): Load, the "name=value" `sets` (--set: they shape the start,
  // as if set before the first frame), then Update(0), so its panel and
  // pose are valid before the first frame's step; -1 turns the walkthrough
  // off. On failure nothing changes and `error` says why.
  // The window's renderer, when it is a software rasteriser (llvmpipe): each
  // sample then starts with its SoftwareRendererSets before the caller's
  // sets, and SoftwareNote says so. "" (the default, and headless): none.
  void SetSoftwareRenderer(std::string name) { software_renderer_ = std::move(name); }
  // What the active sample starts with because of the software renderer,
  // for the panel ("" when nothing).
  const std::string& SoftwareNote() const { return software_note_; }

  // Lets every sample do slow work on a worker thread (Sample::
  // AllowBackgroundWork): the window playing in real time turns it on;
  // headless and fixed-step runs leave it off. Rewind replays with it off.
  void SetBackgroundWork(bool allow);

  // Every sample made anew, its parameters at their defaults (a model that
  // replaces the shown one starts every sample afresh: a lean of -1 or
  // 2-bit compression chosen for the last model is not this one's). The
  // active sample stays the active index; Activate it again on the model.
  void ResetSamples();

  bool Activate(int index, const anim::Model& model, std::string* error,
                const std::vector<std::string>& sets = {});
  // The position of the sample numbered `number` in its title ("07 State
  // machine" is number 7), which is what --sample N means, or -1.
  int IndexOfNumber(int number) const;
  // Activate(IndexOfNumber(number)), with an error listing the numbers.
  bool ActivateNumber(int number, const anim::Model& model, std::string* error,
                      const std::vector<std::string>& sets = {});

  // --sample N with its --set and --at: ActivateNumber with the sets, Schedule.
  bool StartAsAsked(const Options& options, const anim::Model& model, std::string* error);

  // Scripted inputs (--at): each assignment is applied by the first Step
  // that starts at or after its time, counted from Activate. Names are
  // checked here; a value the sample refuses later ends up in ScriptError().
  bool Schedule(std::vector<Options::TimedSet> timed, std::string* error);
  const std::string& ScriptError() const { return script_error_; }

  // Advances the active sample by dt and shows its pose on `character`.
  // Every step is recorded with the parameter changes made before it (by
  // widgets, keys, --set or --at) so that Rewind can replay the run.
  void Step(float dt, AnimatedCharacter& character);
  double Elapsed() const { return elapsed_; }

  // Steps back: reloads the active sample on `model` and replays the
  // recorded steps and parameter changes up to Elapsed() - seconds (at
  // least 0), the last step shortened to land there. Samples are
  // deterministic, so this shows the pose the run had at that time, as far
  // as its inputs were parameters (an action that is not a parameter, such
  // as a button calling into the sample, is not replayed). False, with
  // `error`, if the sample no longer loads.
  bool Rewind(double seconds, const anim::Model& model, AnimatedCharacter& character,
              std::string* error);

  // "0  00 Playback" lines, one per sample.
  std::string ListSamples() const;

 private:
  std::vector<std::unique_ptr<samples::Sample>> samples_;
  bool background_work_ = false;
  int active_ = -1;
  double elapsed_ = 0.0;  // simulated seconds since Activate
  // Runs Load, the sets and Update(0) on the active sample and starts a recording.
  bool LoadActive(const anim::Model& model, const std::vector<std::string>& sets,
                  std::string* error);
  // Applies due --at inputs, records the step with the changes since the
  // last Update, and updates.
  void Advance(float dt);

  std::vector<Options::TimedSet> script_;        // sorted by time; applied ones removed
  std::vector<Options::TimedSet> whole_script_;  // as scheduled, for Rewind
  std::string script_error_;
  // The run so far, for Rewind: parameter values right after Load, then
  // each step's dt and the assignments that changed before it.
  struct RecordedStep {
    float dt = 0.0f;
    std::vector<std::string> inputs;
  };
  std::vector<std::string> loaded_values_;
  std::string software_renderer_;
  std::string software_note_;
  std::vector<RecordedStep> recording_;
  std::vector<std::string> values_after_update_;
};

}  // namespace animviewer
