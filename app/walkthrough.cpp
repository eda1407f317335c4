#include "app/walkthrough.h"

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
  sample->Update(dt);
  character.ShowPose(sample->CurrentPose());
}

std::string Walkthrough::ListSamples() const {
  std::ostringstream out;
  for (int i = 0; i < SampleCount(); ++i) {
    out << i << "  " << samples_[i]->Title() << "\n    " << samples_[i]->Explanation() << "\n";
  }
  return out.str();
}

}  // namespace animviewer
