// A sample for the viewer's tests that runs nothing: it returns the view
// the test gives it and records the pointer phases it is offered, taking
// presses only when told to.
#pragma once

#include <string>
#include <vector>

#include "samples/sample.h"

namespace app_test {

class FakeSample : public samples::Sample {
 public:
  FakeSample() : Sample("fake", "") {}
  bool Load(const anim::Model&, std::string*) override { return true; }
  void Update(float) override {}
  const anim::SoaPose& CurrentPose() const override { return pose_; }
  samples::SampleView View() const override { return view; }
  bool Pointer(PointerPhase phase, const glm::vec3&, const glm::vec3&) override {
    phases.push_back(phase);
    return take_press;
  }

  samples::SampleView view;
  bool take_press = false;
  std::vector<PointerPhase> phases;

 private:
  anim::SoaPose pose_;
};

}  // namespace app_test
