// Runs an IK solver on a hand-built Pose (locals, parents and offsets) the
// way the runtime does: the hierarchy as a Skeleton, the locals as a
// SoaPose seen through anim::ik::IkPose, the result stored back into the
// Pose. The tests then check it with the Pose's own ModelMatrix (glm
// products up the parents), which does not go through IkPose.
#pragma once

#include "anim/core/local_to_model_jobs.h"
#include "anim/core/soa_pose.h"
#include "anim/ik/ik_pose.h"
#include "anim/offline/pose.h"

template <typename Solver, typename Job>
auto SolveOnPose(Solver solver, anim::Pose& pose, const Job& job) {
  const anim::Skeleton skeleton = anim::SkeletonOf(pose);
  anim::SoaPose locals(pose);
  anim::ik::IkPose view(skeleton, locals);
  auto result = solver(view, job);
  locals.Store(pose);
  return result;
}
