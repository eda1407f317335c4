// libFuzzer target: any bytes, as a .bvh file, through the BVH importer
// (import/bvh_importer.h). A crash, a sanitizer report, a hang (-timeout)
// or a blow-up (-rss_limit_mb) is a bug. Beyond "no crash", it checks what
// LoadBvhModelFromMemory promises: a failure names the file, and a success
// hands back a model the renderer and retargeting can use without further
// checks (fuzz/model_promises.h), whose clip samples to finite transforms.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "anim/core/soa_pose.h"
#include "fuzz/model_promises.h"
#include "import/bvh_importer.h"

namespace {

[[noreturn]] void Fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "bvh_import_fuzzer: %s: %s\n", what, detail.c_str());
  std::abort();
}

bool Finite(const anim::Transform& t) {
  const glm::vec4 r(t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w);
  return anim::fuzz::FiniteVec4(glm::vec4(t.translation, 1.0f)) && anim::fuzz::FiniteVec4(r);
}

// The clip's first and last poses hold finite transforms only.
void CheckSampledPoses(const anim::Model& model) {
  for (const anim::Clip& clip : model.clips) {
    for (const float t : {clip.StartTime(), clip.EndTime()}) {
      anim::SoaPose pose = model.skeleton.RestPose();
      clip.Sample(pose, t, anim::LoopMode::kClamp);
      for (int j = 0; j < model.skeleton.JointCount(); ++j) {
        if (!Finite(pose.Local(j))) Fail("a sampled transform is not finite", clip.Name());
      }
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string name = "fuzz.bvh";
  anim::Model model;
  std::string error;
  // Half the default load limit, as the glTF fuzzer: with AddressSanitizer's
  // overhead a load at the limit stays under -rss_limit_mb=2048.
  anim::ImportOptions options;
  options.max_load_bytes = anim::kDefaultMaxLoadBytes / 2;
  if (anim::LoadBvhModelFromMemory(name, data, size, &model, &error, options)) {
    const std::string broken = anim::fuzz::BrokenModelPromise(model);
    if (!broken.empty()) Fail("a loaded model breaks a promise", broken);
    CheckSampledPoses(model);
  } else if (error.rfind(name + ":", 0) != 0 || error.size() <= name.size() + 2) {
    Fail("failure without a message naming the file", error);
  }
  return 0;
}
