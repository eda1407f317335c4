// Finding a walkthrough sample by its number and setting its parameters, for
// tests that keep every sample of MakeAllSamples() on one model.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "model/model.h"
#include "samples/sample.h"

namespace samples_test {

// The sample whose title starts with `prefix` ("09"), loaded on `model`.
inline samples::Sample& LoadNumbered(std::vector<std::unique_ptr<samples::Sample>>& all,
                                     const anim::Model& model, const std::string& prefix) {
  for (auto& s : all) {
    if (s->Title().rfind(prefix, 0) == 0) {
      std::string error;
      EXPECT_TRUE(s->Load(model, &error)) << error;
      return *s;
    }
  }
  ADD_FAILURE() << "no sample " << prefix;
  return *all.front();
}

// Applies "name=value" as --set does.
inline void SetParam(samples::Sample& s, const std::string& assignment) {
  std::string error;
  ASSERT_TRUE(s.Params().SetAssignment(assignment, &error)) << error;
}

}  // namespace samples_test
