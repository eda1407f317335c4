#include "anim/blending/additive_jobs.h"

#include <initializer_list>
#include <utility>

#include "anim/blending/blend_kernels.h"
#include "anim/blending/soa_additive.h"
#include "anim/core/job_messages.h"

namespace anim {

namespace msg = job_messages;

namespace {

using NamedPose = std::pair<const char*, const SoaPose*>;

// The first input that is null or whose joint count is not the output's
// (checked after the inputs: named in field order).
std::string CheckPoses(std::initializer_list<NamedPose> inputs, const SoaPose* output) {
  for (const auto& [field, pose] : inputs) {
    if (pose == nullptr) return msg::Null(field);
  }
  if (output == nullptr) return msg::Null("output");
  for (const auto& [field, pose] : inputs) {
    if (pose->JointCount() != output->JointCount()) {
      return msg::CountMismatch(field, static_cast<std::size_t>(pose->JointCount()), "joints",
                                "the output", output->JointCount());
    }
  }
  return {};
}

}  // namespace

std::string AdditiveJob::Validate() const {
  std::string problem =
      CheckPoses({{"input", input}, {"additive", additive}, {"reference", reference}}, output);
  if (!problem.empty()) return problem;
  // Four joints of the output are written after their input is read, but
  // the additive and reference joints are read in the same pass.
  const char* why = "the output may be the input, not the additive or reference pose";
  if (output == additive) return msg::Aliases("output", "additive", why);
  if (output == reference) return msg::Aliases("output", "reference", why);
  return {};
}

bool AdditiveJob::Run() const {
  if (!Validate().empty()) return false;
  kernels::Add(*output, *input, *additive, *reference, weight);
  return true;
}

std::string SubtractJob::Validate() const {
  return CheckPoses({{"source", source}, {"reference", reference}}, output);
}

bool SubtractJob::Run() const {
  if (!Validate().empty()) return false;
  kernels::Subtract(*output, *source, *reference);
  return true;
}

std::string AddDifferenceJob::Validate() const {
  return CheckPoses({{"input", input}, {"difference", difference}}, output);
}

bool AddDifferenceJob::Run() const {
  if (!Validate().empty()) return false;
  kernels::AddDifference(*output, *input, *difference, weight);
  return true;
}

bool Add(SoaPose& out, const SoaPose& in, const SoaPose& add, const SoaPose& reference,
         float weight) {
  return AdditiveJob{&in, &add, &reference, weight, &out}.Run();
}

bool Subtract(SoaPose& difference, const SoaPose& source, const SoaPose& reference) {
  return SubtractJob{&source, &reference, &difference}.Run();
}

bool AddDifference(SoaPose& out, const SoaPose& in, const SoaPose& difference, float weight) {
  return AddDifferenceJob{&in, &difference, weight, &out}.Run();
}

}  // namespace anim
