// A walkthrough sample: one technique, one file. The viewer calls Load()
// when a model is opened, Update() every frame (fixed steps when capturing
// headless), shows CurrentPose(), and draws the panel: the explanation
// first, then DrawPanel(). Parameters declared in Params() are settable
// from the command line with --set name=value.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/import/model.h"
#include "anim/pose.h"
#include "samples/crowd_frame.h"
#include "samples/param_list.h"

namespace samples {

class Sample {
 public:
  virtual ~Sample() = default;

  virtual std::string Title() const = 0;        // "01 Blend"
  // Two or three sentences: what the sample teaches and which seed idea it shows.
  virtual std::string Explanation() const = 0;

  // Prepares for `model` (which outlives the sample or the next Load) and
  // picks default clips by role. False, with `error`, when the model cannot
  // run this sample (for example it has no clips).
  virtual bool Load(const anim::Model& model, std::string* error) = 0;
  virtual void Update(float dt) = 0;
  virtual const anim::Pose& CurrentPose() const = 0;

  // Panel body below the explanation. Default: a widget per parameter.
  virtual void DrawPanel() { DrawParamWidgets(params_); }
  // Render hook: colours for the skeleton overlay's joints (false: defaults).
  virtual bool JointColors(std::span<glm::vec4> colors) const {
    (void)colors;
    return false;
  }

  // A problem met while running that leaves the sample showing something
  // other than what was asked (a graph file chosen with --set that does not
  // fit the model keeps the previous graph running). "" when none; headless
  // runs fail with it, the panel shows it.
  virtual std::string Problem() const { return ""; }

  // Render hook: a sample that animates a whole crowd returns it here and
  // the viewer draws it (instanced) instead of the single character.
  virtual const CrowdFrame* Crowd() const { return nullptr; }

  // Render hooks for samples that move the character around (root motion):
  // its placement in the world (applied to the mesh and the skeleton
  // overlay), discs to draw on the ground (footsteps) and whether the
  // camera and the grid follow the character.
  struct GroundMark {
    glm::vec3 position;  // world, on the ground
    glm::vec4 color;     // sRGB, alpha blends
    float radius;        // world units
  };
  virtual glm::mat4 CharacterWorld() const { return glm::mat4(1.0f); }
  virtual std::span<const GroundMark> GroundMarks() const { return {}; }
  virtual bool FollowCamera() const { return false; }

  ParamList& Params() { return params_; }
  const ParamList& Params() const { return params_; }

 protected:
  ParamList params_;
};

// Every sample, in walkthrough order (index = sample number).
std::vector<std::unique_ptr<Sample>> MakeAllSamples();

}  // namespace samples
