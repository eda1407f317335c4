#include "app/walkthrough.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "app/activity.h"

namespace animviewer {

Walkthrough::Walkthrough() : samples_(samples::MakeAllSamples()) {}

bool Walkthrough::Activate(int index, const anim::Model& model, std::string* error,
                           const std::vector<std::string>& sets) {
  if (index < 0) {
    active_ = -1;
    software_note_.clear();
    return true;
  }
  if (index >= SampleCount()) {
    *error = "there is no sample " + std::to_string(index) + "; the samples are 0.." +
             std::to_string(SampleCount() - 1) + " (see --list-samples)";
    return false;
  }
  const int previous = active_;
  active_ = index;
  const samples::Sample& chosen = *samples_[static_cast<std::size_t>(index)];
  const Activity activity("starting sample " + chosen.Title() + " on " + model.source_path);
  // The software renderer's assignments first: the caller's (--set) win.
  std::vector<std::string> all_sets;
  std::string note;
  if (!software_renderer_.empty()) {
    all_sets = chosen.SoftwareRendererSets();
    for (const std::string& s : all_sets) note += (note.empty() ? "" : ", ") + s;
    if (!note.empty()) {
      note = software_renderer_ + " draws on the CPU: " + chosen.Title() + " starts with " + note +
             " (raise it for more)";
    }
  }
  all_sets.insert(all_sets.end(), sets.begin(), sets.end());
  software_note_.clear();
  if (!LoadActive(model, all_sets, error)) {
    active_ = previous;
    return false;
  }
  software_note_ = std::move(note);
  script_.clear();
  whole_script_.clear();
  script_error_.clear();
  return true;
}

void Walkthrough::SetBackgroundWork(bool allow) {
  background_work_ = allow;
  for (const auto& sample : samples_) sample->AllowBackgroundWork(allow);
}

void Walkthrough::ResetSamples() {
  samples_ = samples::MakeAllSamples();
  SetBackgroundWork(background_work_);
}

bool Walkthrough::LoadActive(const anim::Model& model, const std::vector<std::string>& sets,
                             std::string* error) {
  samples::Sample& sample = *samples_[active_];
  std::string why;
  if (!sample.Load(model, &why)) {
    *error = sample.Title() + " cannot run on " + model.source_path + ": " + why;
    return false;
  }
  for (const std::string& assignment : sets) {
    if (!sample.Params().SetAssignment(assignment, &why)) {
      *error = sample.Title() + ": " + why;
      return false;
    }
  }
  loaded_values_ = sample.Params().Assignments();
  // Drawable at once: the panel of the frame that loads it comes before
  // that frame's step.
  sample.Update(0.0f);
  values_after_update_ = sample.Params().Assignments();
  recording_.clear();
  elapsed_ = 0.0;
  return true;
}

int Walkthrough::IndexOfNumber(int number) const {
  for (int i = 0; i < SampleCount(); ++i) {
    const std::string title = samples_[i]->Title();
    int n = -1;
    if (std::sscanf(title.c_str(), "%d", &n) == 1 && n == number) return i;
  }
  return -1;
}

bool Walkthrough::ActivateNumber(int number, const anim::Model& model, std::string* error,
                                 const std::vector<std::string>& sets) {
  const int index = IndexOfNumber(number);
  if (index < 0) {
    *error = "there is no sample " + std::to_string(number) + " (see --list-samples)";
    return false;
  }
  return Activate(index, model, error, sets);
}

bool Walkthrough::StartAsAsked(const Options& options, const anim::Model& model,
                               std::string* error) {
  if (!ActivateNumber(options.sample, model, error, options.sets)) return false;
  if (!options.ground.empty() && !Active()->LoadGround(options.ground, error)) return false;
  return Schedule(options.timed_sets, error);
}

bool Walkthrough::Schedule(std::vector<Options::TimedSet> timed, std::string* error) {
  samples::Sample* sample = Active();
  for (const Options::TimedSet& t : timed) {
    const std::string name = t.assignment.substr(0, t.assignment.find('='));
    if (sample == nullptr || sample->Params().Find(name) == nullptr) {
      *error = sample == nullptr
                   ? "--at needs an active sample"
                   : sample->Title() + ": --at names unknown parameter '" + name + "'";
      return false;
    }
  }
  std::stable_sort(timed.begin(), timed.end(),
                   [](const auto& a, const auto& b) { return a.time < b.time; });
  script_ = timed;
  whole_script_ = std::move(timed);
  return true;
}

void Walkthrough::Step(float dt, AnimatedCharacter& character) {
  if (Active() == nullptr) return;
  Advance(dt);
  character.ShowPose(Active()->CurrentPose(), Active()->MorphWeights());
}

void Walkthrough::Advance(float dt) {
  samples::Sample* sample = Active();
  // Inputs due by now apply before this step, as a key pressed during the
  // previous frame would. The tolerance absorbs the float steps' rounding.
  std::size_t due = 0;
  while (due < script_.size() && script_[due].time <= elapsed_ + 1e-9) {
    std::string why;
    if (!sample->Params().SetAssignment(script_[due].assignment, &why) && script_error_.empty()) {
      script_error_ = sample->Title() + ": --at " + script_[due].assignment + ": " + why;
    }
    ++due;
  }
  script_.erase(script_.begin(), script_.begin() + static_cast<long>(due));
  // What changed since the sample's last Update was an input: record it. A
  // sample that declared new parameters (09 loading a graph) gets all of them.
  std::vector<std::string> now = sample->Params().Assignments();
  RecordedStep step;
  step.dt = dt;
  for (std::size_t i = 0; i < now.size(); ++i) {
    const bool same =
        now.size() == values_after_update_.size() && now[i] == values_after_update_[i];
    if (!same && !now[i].empty()) step.inputs.push_back(now[i]);
  }
  // Paused frames step by 0: only worth recording when something changed.
  if (dt > 0.0f || !step.inputs.empty()) recording_.push_back(std::move(step));
  sample->Update(dt);
  elapsed_ += dt;
  values_after_update_ = sample->Params().Assignments();
}

bool Walkthrough::Rewind(double seconds, const anim::Model& model, AnimatedCharacter& character,
                         std::string* error) {
  samples::Sample* sample = Active();
  if (sample == nullptr) return true;
  const double target = std::max(0.0, elapsed_ - seconds);
  const std::vector<RecordedStep> recording = std::move(recording_);
  const std::vector<std::string> loaded_values = loaded_values_;
  // Reload exactly as Activate did: Load, the parameters as they were right
  // after it (Load leaves values it does not choose as they are now), Update(0).
  // The replay builds what each step asked for in that step (the run may
  // have shown its previous build for a few frames while a worker built it).
  sample->AllowBackgroundWork(false);
  struct Restore {
    samples::Sample* sample;
    bool allow;
    ~Restore() { sample->AllowBackgroundWork(allow); }
  } restore{sample, background_work_};
  std::string why;
  if (!sample->Load(model, &why)) {
    *error = sample->Title() + " cannot run on " + model.source_path + ": " + why;
    return false;
  }
  for (const std::string& value : loaded_values) {
    if (!value.empty()) sample->Params().SetAssignment(value, &why);
  }
  loaded_values_ = loaded_values;
  sample->Update(0.0f);
  values_after_update_ = sample->Params().Assignments();
  elapsed_ = 0.0;
  for (const RecordedStep& recorded : recording) {
    const double left = target - elapsed_;
    if (left <= 1e-7 && recorded.dt > 0.0f) break;
    // The last step is cut to land on the target; a cut step keeps its inputs.
    const float dt = static_cast<float>(std::min<double>(recorded.dt, left));
    for (const std::string& input : recorded.inputs) {
      // A parameter a later input declared (09's graph) may not exist yet: skip it.
      sample->Params().SetAssignment(input, &why);
    }
    recording_.push_back({dt, recorded.inputs});
    sample->Update(dt);
    elapsed_ += dt;
    values_after_update_ = sample->Params().Assignments();
  }
  // Scripted inputs after the new time apply again when the run gets there.
  script_.clear();
  for (const Options::TimedSet& t : whole_script_) {
    if (t.time > elapsed_ + 1e-9) script_.push_back(t);
  }
  character.ShowPose(sample->CurrentPose(), sample->MorphWeights());
  return true;
}

std::string Walkthrough::ListSamples() const {
  std::ostringstream out;
  for (int i = 0; i < SampleCount(); ++i) {
    // The title starts with the sample's number, which --sample takes.
    out << samples_[i]->Title() << "\n    " << samples_[i]->Explanation() << "\n";
  }
  return out.str();
}

}  // namespace animviewer
