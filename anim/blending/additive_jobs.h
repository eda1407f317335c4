// Additive layers and difference poses as jobs: plain fields in; Validate()
// names the first field that does not fit; Run() writes nothing unless
// Validate() passes. Add, Subtract and AddDifference (soa_additive.h) are
// these jobs in one call; additive.h explains the two forms.
#pragma once

#include <string>

#include "anim/core/soa_pose.h"

namespace anim {

// output = input + weight * (additive - reference) per joint (rotation: input *
// delta^weight, delta = inverse(reference) * additive). `output` may be `input`,
// not `additive` or `reference`.
struct AdditiveJob {
  const SoaPose* input = nullptr;
  const SoaPose* additive = nullptr;
  const SoaPose* reference = nullptr;
  float weight = 1.0f;
  SoaPose* output = nullptr;  // every pose has the output's joint count

  std::string Validate() const;
  bool Run() const;
};

// difference = source - reference per joint (a difference pose); `output`
// may be either input.
struct SubtractJob {
  const SoaPose* source = nullptr;
  const SoaPose* reference = nullptr;
  SoaPose* output = nullptr;

  std::string Validate() const;
  bool Run() const;
};

// output = input + weight * difference per joint; `output` may be either
// input.
struct AddDifferenceJob {
  const SoaPose* input = nullptr;
  const SoaPose* difference = nullptr;
  float weight = 1.0f;
  SoaPose* output = nullptr;

  std::string Validate() const;
  bool Run() const;
};

}  // namespace anim
