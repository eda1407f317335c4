#include "anim/compression/compressed_sampling_job.h"

#include "anim/core/job_messages.h"

namespace anim {

namespace msg = job_messages;

std::string CompressedSamplingJob::Validate() const {
  if (clip == nullptr) return msg::Null("clip");
  if (context == nullptr) return msg::Null("context");
  if (output == nullptr) return msg::Null("output");
  if (output->JointCount() != clip->JointCount()) {
    return msg::CountMismatch("output", static_cast<std::size_t>(output->JointCount()), "joints",
                              "the clip", clip->JointCount());
  }
  // Its arrays are sized for the clip it is bound to.
  if (!context->BoundTo(*clip)) return "context is not bound to this clip (context.Bind(clip))";
  return {};
}

bool CompressedSamplingJob::Run() const {
  if (!Validate().empty()) return false;
  kernels::SampleCompressedClip(*clip, time, *context, *output);
  return true;
}

bool SampleCompressedClip(const CompressedClip& clip, float time, CompressedClipContext& context,
                          SoaPose& pose) {
  // The one-call form re-binds a context bound elsewhere, as it always has;
  // the job leaves that choice (and its allocation) to the caller.
  if (!context.BoundTo(clip)) context.Bind(clip);
  return CompressedSamplingJob{&clip, time, &context, &pose}.Run();
}

}  // namespace anim
