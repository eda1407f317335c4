#include "anim/jobs/local_to_model_jobs.h"

#include "anim/jobs/job_messages.h"
#include "anim/jobs/kernels.h"

namespace anim {

namespace msg = job_messages;

namespace {

// What both jobs ask of the skeleton, the input pose and the model matrices.
std::string CheckModelSpace(const SoaSkeleton* skeleton, const SoaPose* input,
                            std::span<const glm::mat4> model, const char* model_field) {
  if (skeleton == nullptr) return msg::Null("skeleton");
  if (input == nullptr) return msg::Null("input");
  const int n = skeleton->JointCount();
  if (input->JointCount() != n) {
    return msg::CountMismatch("input", static_cast<std::size_t>(input->JointCount()), "joints",
                              "the skeleton", n);
  }
  if (model.size() != static_cast<std::size_t>(n)) {
    return msg::CountMismatch(model_field, model.size(), "matrices", "the skeleton", n);
  }
  return {};
}

}  // namespace

std::string LocalToModelJob::Validate() const {
  return CheckModelSpace(skeleton, input, output, "output");
}

bool LocalToModelJob::Run() const {
  if (!Validate().empty()) return false;
  kernels::ModelMatrices(*skeleton, *input, output);
  return true;
}

std::string PaletteJob::Validate() const {
  std::string problem = CheckModelSpace(skeleton, input, model, "model");
  if (!problem.empty()) return problem;
  if (palette.size() != model.size()) {
    return msg::CountMismatch("palette", palette.size(), "matrices", "the skeleton",
                              skeleton->JointCount());
  }
  // The palette of joint j is written after model[j]: in one buffer it would
  // overwrite the parents' model matrices that children still read.
  if (!palette.empty() && palette.data() == model.data()) {
    return "palette is the same buffer as model (the children read their parents' model matrices)";
  }
  return {};
}

bool PaletteJob::Run() const {
  if (!Validate().empty()) return false;
  kernels::Palette(*skeleton, *input, model, palette);
  return true;
}

bool ComputeModelMatrices(const SoaSkeleton& skeleton, const SoaPose& pose,
                          std::span<glm::mat4> out) {
  return LocalToModelJob{&skeleton, &pose, out}.Run();
}

bool ComputePalette(const SoaSkeleton& skeleton, const SoaPose& pose,
                    std::span<glm::mat4> model_scratch, std::span<glm::mat4> palette) {
  return PaletteJob{&skeleton, &pose, model_scratch, palette}.Run();
}

}  // namespace anim
