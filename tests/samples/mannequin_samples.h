// A fixture for the walkthrough samples' tests on the project's own
// character: SetUp loads assets/mannequin.gltf and makes every sample;
// Select loads one of them, found by its title, on the mannequin; Set
// applies a parameter assignment to it as `--set` does.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "import/gltf_importer.h"
#include "samples/sample.h"

class MannequinSamples : public testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    ASSERT_TRUE(anim::LoadGltfModel(std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf",
                                    &model_, &error))
        << error;
    all_ = samples::MakeAllSamples();
  }
  // Makes the sample titled `title` sample_, loaded on the mannequin.
  void Select(const std::string& title) {
    for (auto& sample : all_) {
      if (sample->Title() == title) sample_ = sample.get();
    }
    ASSERT_NE(sample_, nullptr) << "no sample titled '" << title << "'";
    std::string error;
    ASSERT_TRUE(sample_->Load(model_, &error)) << error;
  }
  void Set(const std::string& assignment) {
    std::string error;
    ASSERT_TRUE(sample_->Params().SetAssignment(assignment, &error)) << error;
  }

  anim::Model model_;
  std::vector<std::unique_ptr<samples::Sample>> all_;
  samples::Sample* sample_ = nullptr;
};
