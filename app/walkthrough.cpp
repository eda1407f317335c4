#include "app/walkthrough.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace animviewer {

Walkthrough::Walkthrough() : samples_(samples::MakeAllSamples()) {}

bool Walkthrough::Activate(int index, const anim::Model& model, std::string* error) {
  if (index < 0) {
    active_ = -1;
    return true;
  }
  if (index >= SampleCount()) {
    *error = "there is no sample " + std::to_string(index) + "; the samples are 0.." +
             std::to_string(SampleCount() - 1) + " (see --list-samples)";
    return false;
  }
  std::string why;
  if (!samples_[index]->Load(model, &why)) {
    *error = samples_[index]->Title() + " cannot run on " + model.source_path + ": " + why;
    return false;
  }
  active_ = index;
  elapsed_ = 0.0;
  script_.clear();
  script_error_.clear();
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

bool Walkthrough::ActivateNumber(int number, const anim::Model& model, std::string* error) {
  const int index = IndexOfNumber(number);
  if (index < 0) {
    *error = "there is no sample " + std::to_string(number) + " (see --list-samples)";
    return false;
  }
  return Activate(index, model, error);
}

bool Walkthrough::Schedule(std::vector<Options::TimedSet> timed, std::string* error) {
  samples::Sample* sample = Active();
  for (const Options::TimedSet& t : timed) {
    const std::string name = t.assignment.substr(0, t.assignment.find('='));
    if (sample == nullptr || sample->Params().Find(name) == nullptr) {
      *error = sample == nullptr ? "--at needs an active sample"
                                 : sample->Title() + ": --at names unknown parameter '" + name + "'";
      return false;
    }
  }
  std::stable_sort(timed.begin(), timed.end(),
                   [](const auto& a, const auto& b) { return a.time < b.time; });
  script_ = std::move(timed);
  return true;
}

bool Walkthrough::ApplySets(const std::vector<std::string>& sets, std::string* error) {
  samples::Sample* sample = Active();
  for (const std::string& assignment : sets) {
    std::string why;
    if (sample == nullptr || !sample->Params().SetAssignment(assignment, &why)) {
      *error = sample == nullptr ? "--set needs an active sample" : sample->Title() + ": " + why;
      return false;
    }
  }
  return true;
}

void Walkthrough::Step(float dt, AnimatedCharacter& character) {
  samples::Sample* sample = Active();
  if (sample == nullptr) return;
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
  sample->Update(dt);
  elapsed_ += dt;
  character.ShowPose(sample->CurrentPose());
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
