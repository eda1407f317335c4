#include "regress/pose_compare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

namespace regress {

namespace {

Vec3 Unit(double x, double y, double z) {
  const double n = std::sqrt(x * x + y * y + z * z);
  return n > 0.0 ? Vec3{x / n, y / n, z / n} : Vec3{};
}

// The angle between two unit vectors, well conditioned near 0.
double AngleBetween(const Vec3& a, const Vec3& b) {
  const double cx = a.y * b.z - a.z * b.y, cy = a.z * b.x - a.x * b.z, cz = a.x * b.y - a.y * b.x;
  return std::atan2(std::sqrt(cx * cx + cy * cy + cz * cz), a.x * b.x + a.y * b.y + a.z * b.z);
}

}  // namespace

bool ReadPoseDump(const std::string& path, std::vector<JointPose>* joints, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *error = path + ": cannot read the pose dump";
    return false;
  }
  const nlohmann::json dump = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (dump.is_discarded() || !dump.is_object() || !dump.contains("joints") ||
      !dump["joints"].is_array()) {
    *error = path + ": not a pose dump (no \"joints\" array)";
    return false;
  }
  for (const nlohmann::json& joint : dump["joints"]) {
    const nlohmann::json* m = joint.contains("model_matrix") ? &joint["model_matrix"] : nullptr;
    if (m == nullptr || !m->is_array() || m->size() != 16 || !joint.contains("name") ||
        !joint["name"].is_string()) {
      *error = path + ": a joint without a name and a 16-number model_matrix";
      return false;
    }
    double v[16];
    for (int i = 0; i < 16; ++i) {
      if (!(*m)[i].is_number()) {
        *error = path + ": joint " + joint["name"].get<std::string>() +
                 ": a matrix entry is not a number";
        return false;
      }
      v[i] = (*m)[i].get<double>();
    }
    joints->push_back({joint["name"].get<std::string>(),
                       {v[12], v[13], v[14]},
                       Unit(v[0], v[1], v[2]),
                       Unit(v[4], v[5], v[6])});
  }
  return true;
}

bool ReadPoseGolden(const std::string& path, std::vector<JointPose>* joints, std::string* error) {
  std::ifstream in(path);
  if (!in) {
    *error = path + ": cannot read the pose golden";
    return false;
  }
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    std::stringstream fields(line);
    JointPose j;
    for (Vec3* v : {&j.position, &j.x_axis, &j.y_axis}) fields >> v->x >> v->y >> v->z;
    std::getline(fields >> std::ws, j.name);
    if (!fields && !fields.eof()) {
      *error = path + ":" + std::to_string(number) + ": expected nine numbers and a joint name";
      return false;
    }
    if (j.name.empty()) {
      *error = path + ":" + std::to_string(number) + ": expected nine numbers and a joint name";
      return false;
    }
    joints->push_back(j);
  }
  if (joints->empty()) {
    *error = path + ": no joints";
    return false;
  }
  return true;
}

bool WritePoseGolden(const std::string& path, const std::vector<JointPose>& joints,
                     std::string* error) {
  std::error_code ignored;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ignored);
  std::ofstream out(path);
  out << "# model-space joint position, x axis, y axis, name; written by animviewer regress "
         "--update\n";
  char line[256];
  for (const JointPose& j : joints) {
    const Vec3 &p = j.position, &a = j.x_axis, &b = j.y_axis;
    std::snprintf(line, sizeof line, "%.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f ", p.x, p.y, p.z,
                  a.x, a.y, a.z, b.x, b.y, b.z);
    out << line << j.name << "\n";
  }
  if (!out) {
    *error = path + ": cannot write the pose golden";
    return false;
  }
  return true;
}

PoseComparison ComparePoses(const std::vector<JointPose>& golden,
                            const std::vector<JointPose>& actual, const Tolerances& tolerances) {
  PoseComparison out;
  if (golden.size() != actual.size()) {
    out.problem = "the golden has " + std::to_string(golden.size()) + " joints, the case " +
                  std::to_string(actual.size());
    return out;
  }
  for (std::size_t i = 0; i < golden.size(); ++i) {
    if (golden[i].name != actual[i].name) {
      out.problem = "joint " + std::to_string(i) + " is " + actual[i].name + ", the golden's " +
                    golden[i].name;
      return out;
    }
    const Vec3 &p = actual[i].position, &q = golden[i].position;
    JointDifference d;
    d.name = golden[i].name;
    d.distance = std::hypot(p.x - q.x, p.y - q.y, p.z - q.z);
    d.turn = std::max(AngleBetween(actual[i].x_axis, golden[i].x_axis),
                      AngleBetween(actual[i].y_axis, golden[i].y_axis));
    out.worst_distance = std::max(out.worst_distance, d.distance);
    out.worst_turn = std::max(out.worst_turn, d.turn);
    out.joints.push_back(d);
  }
  out.same_joints = true;
  const auto weight = [&](const JointDifference& d) {
    return std::max(d.distance / std::max(tolerances.pose_tolerance, 1e-12),
                    d.turn / std::max(tolerances.axis_tolerance, 1e-12));
  };
  std::stable_sort(
      out.joints.begin(), out.joints.end(),
      [&](const JointDifference& a, const JointDifference& b) { return weight(a) > weight(b); });
  out.passed = out.worst_distance <= tolerances.pose_tolerance &&
               out.worst_turn <= tolerances.axis_tolerance;
  return out;
}

}  // namespace regress
