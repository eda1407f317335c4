// A case's pose against its golden: every joint's model-space position and
// the directions of its x and y axes (scale divided out), from the viewer's
// --dump-pose file, against the golden's text file (one line per joint:
// nine numbers, then the name). Computed on the CPU, the pose does not
// depend on the GPU or driver: it is judged first.
#pragma once

#include <string>
#include <vector>

#include "regress/case_file.h"

namespace regress {

struct Vec3 {
  double x = 0, y = 0, z = 0;
};

struct JointPose {
  std::string name;
  Vec3 position, x_axis, y_axis;
};

// The joints of a --dump-pose file. False with `error` naming the file.
bool ReadPoseDump(const std::string& path, std::vector<JointPose>* joints, std::string* error);
// The golden's text form.
bool ReadPoseGolden(const std::string& path, std::vector<JointPose>* joints, std::string* error);
bool WritePoseGolden(const std::string& path, const std::vector<JointPose>& joints,
                     std::string* error);

struct JointDifference {
  std::string name;
  double distance = 0.0;  // between the positions
  double turn = 0.0;      // the larger angle between the x axes and between the y axes
};

struct PoseComparison {
  bool same_joints = false;  // the same names in the same order
  std::string problem;       // when not: what differs
  // Every joint, the one that moved or turned most (relative to its
  // tolerance) first.
  std::vector<JointDifference> joints;
  double worst_distance = 0.0, worst_turn = 0.0;
  bool passed = false;
};

PoseComparison ComparePoses(const std::vector<JointPose>& golden,
                            const std::vector<JointPose>& actual, const Tolerances& tolerances);

}  // namespace regress
