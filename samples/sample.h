// A walkthrough sample: one technique, one file. The viewer calls Load()
// when a model is opened and at once Update(0), so CurrentPose(), the panel
// and the render hooks always see a started sample; then Update() every
// frame with the viewer's time control's steps (fixed steps when capturing
// headless), shows CurrentPose(), and draws the panel: the explanation
// first, then DrawPanel(). Parameters declared in Params() are settable
// from the command line with --set name=value. A sample must be
// deterministic: the same Load, the same parameter changes and the same
// Update steps give the same poses (the viewer's step back relies on it).
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/core/soa_pose.h"
#include "model/model.h"
#include "samples/crowd_frame.h"
#include "samples/own_meshes.h"
#include "samples/param_list.h"

namespace samples {

class Sample {
 public:
  virtual ~Sample() = default;

  virtual std::string Title() const = 0;  // "01 Blend"
  // A few sentences in plain words: what the technique is and why, every
  // symbol defined, the published source named once at the end.
  virtual std::string Explanation() const = 0;

  // Prepares for `model` (which outlives the sample or the next Load) and
  // picks default clips by role. False, with `error`, when the model cannot
  // run this sample (for example it has no clips).
  virtual bool Load(const anim::Model& model, std::string* error) = 0;
  virtual void Update(float dt) = 0;
  virtual const anim::SoaPose& CurrentPose() const = 0;  // the skeleton's hierarchy
  // The morph-target weights shown with the pose (the model's flat weight
  // array, anim/clips/morph_weights.h): by default those the pose carries (its
  // clips sampled them and its blends mixed them, SoaPose::MorphWeights);
  // empty or another size: the model's defaults.
  virtual std::span<const float> MorphWeights() const { return CurrentPose().MorphWeights(); }

  // Parameter assignments ("count=8") that a window drawn by a software
  // rasteriser (llvmpipe) starts the sample with instead of its defaults,
  // where those make frames take seconds there; set before the user's own.
  virtual std::vector<std::string> SoftwareRendererSets() const { return {}; }

  // The window playing in real time lets a sample do slow work (rebuilding a
  // compressed clip) on a worker thread and show the result when it is
  // ready, so its frames keep coming. Off by default and in headless,
  // fixed-step and test runs, where every frame must be reproducible; turned
  // off, the sample finishes what was asked before its next frame.
  virtual void AllowBackgroundWork(bool allow) { (void)allow; }

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

  // Render hook: a sample that generates its own mesh (a test rig) returns
  // it here and the viewer draws its copies instead of the character,
  // framed on their box.
  virtual const OwnMeshes* OwnMesh() const { return nullptr; }

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

  // A sample that plays one time line (one clip) exposes it to the viewer's
  // scrubber: the time within it and its length, in seconds (false: none).
  virtual bool Timeline(float* time, float* length) const {
    (void)time;
    (void)length;
    return false;
  }
  // The scrubber moved to `time` (0..length); shown from the next Update.
  virtual void Scrub(float time) { (void)time; }
  virtual std::span<const GroundMark> GroundMarks() const { return {}; }

  // Render hook: world-space coloured segments drawn over the scene (on top
  // of the mesh, like the skeleton): targets, joint limits, aim lines.
  struct DebugLine {
    glm::vec3 from;
    glm::vec3 to;
    glm::vec4 color;  // sRGB, alpha blends
  };
  virtual std::span<const DebugLine> DebugLines() const { return {}; }

  // Pointer hook: the window offers each left-button press in the 3D view
  // as a world-space ray from the camera through the mouse. A sample that
  // returns true from kPress (the ray hit something it lets the user grab)
  // receives the drag (kDrag, one ray per frame) and the kRelease, and the
  // camera does not orbit meanwhile; a press it declines orbits as usual.
  enum class PointerPhase { kPress, kDrag, kRelease };
  virtual bool Pointer(PointerPhase phase, const glm::vec3& origin, const glm::vec3& direction) {
    (void)phase;
    (void)origin;
    (void)direction;
    return false;
  }
  virtual bool FollowCamera() const { return false; }
  // Render hook: a static mesh to stand on (world space, drawn lit and not
  // skinned, in place of the flat grid), and in `revision` a number that
  // changes whenever the mesh does, so the viewer uploads it once per
  // change. nullptr: none.
  virtual const anim::Model* GroundMesh(int* revision) const {
    (void)revision;
    return nullptr;
  }
  // A sample with a ground takes the user's terrain, a static glTF mesh
  // (--ground FILE, or its panel): false, with `error` naming the file and
  // the problem, keeping the current ground. Default: no ground to replace.
  virtual bool LoadGround(const std::string& path, std::string* error) {
    *error = Title() + " has no ground to replace with " + path;
    return false;
  }

  ParamList& Params() { return params_; }
  const ParamList& Params() const { return params_; }

  // What the sample cannot show on this model and why, in plain words
  // ("this sample needs two full-body clips; the model has one:
  // Armature|Take"); empty when the model has what it needs. Set by Load
  // (and by a change of clips), shown at the top of the panel.
  const std::string& Notice() const { return notice_; }

 protected:
  ParamList params_;
  std::string notice_;
};

// Every sample, in walkthrough order (index = sample number).
std::vector<std::unique_ptr<Sample>> MakeAllSamples();

}  // namespace samples
