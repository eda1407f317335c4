// A walkthrough sample: one technique, one file. The viewer calls Load()
// when a model is opened and at once Update(0), so CurrentPose(), View()
// and the panel always see a started sample; then Update() every
// frame with the viewer's time control's steps (fixed steps when capturing
// headless), shows CurrentPose(), and draws the panel: the explanation
// first, then DrawPanel(). Parameters declared in Params() are settable
// from the command line with --set name=value. A sample must be
// deterministic: the same Load, the same parameter changes and the same
// Update steps give the same poses (the viewer's step back relies on it).
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <glm/glm.hpp>

#include "anim/core/soa_pose.h"
#include "model/model.h"
#include "samples/crowd_frame.h"
#include "samples/own_meshes.h"
#include "samples/param_list.h"

namespace samples {

// A disc drawn on the ground (footsteps).
struct GroundMark {
  glm::vec3 position;  // world, on the ground
  glm::vec4 color;     // sRGB, alpha blends
  float radius;        // world units
};

// A world-space coloured segment drawn over the scene (on top of the mesh,
// like the skeleton): targets, joint limits, aim lines.
struct DebugLine {
  glm::vec3 from;
  glm::vec3 to;
  glm::vec4 color;  // sRGB, alpha blends
};

// What a sample shows beyond its pose, as data: Sample::View() returns it
// and the viewer turns it into what it draws in one place
// (animviewer::SampleDrawing::Read, app/sample_drawing.h), for the window
// and the headless renderer alike. Its pointers and spans point into the
// sample and hold until its next Update, Load or input. A new kind of
// thing to show is a new field here and a line in that one place.
struct SampleView {
  // The morph-target weights shown with the pose (the model's flat weight
  // array, anim/clips/morph_weights.h). Unset: those the pose carries (its
  // clips sampled them and its blends mixed them, SoaPose::MorphWeights);
  // set but empty or another size: the model's defaults.
  std::optional<std::span<const float>> morph_weights;
  // Colours for the skeleton overlay's joints, one per joint of the model's
  // skeleton; empty: the defaults.
  std::vector<glm::vec4> joint_colors;
  // A sample that animates a whole crowd: the viewer draws it (instanced)
  // instead of the single character.
  const CrowdFrame* crowd = nullptr;
  // A sample that generates its own mesh (a test rig): the viewer draws its
  // copies instead of the character, framed on their box.
  const OwnMeshes* own_mesh = nullptr;
  // A sample that moves the character around (root motion): its placement
  // in the world (applied to the mesh and the skeleton overlay), discs to
  // draw on the ground (footsteps) and whether the camera and the grid
  // follow the character.
  glm::mat4 character_world{1.0f};
  std::span<const GroundMark> ground_marks;
  bool follow_camera = false;
  std::span<const DebugLine> debug_lines;
  // A static mesh to stand on (world space, drawn lit and not skinned, in
  // place of the flat grid), and a number that changes whenever the mesh
  // does, so the viewer uploads it once per change. nullptr: none.
  const anim::Model* ground_mesh = nullptr;
  int ground_revision = 0;
  // A sample that plays one time line (one clip) exposes it to the viewer's
  // scrubber: the time within it and its length, in seconds.
  bool timeline = false;
  float time = 0.0f;
  float length = 0.0f;
  // A problem met while running that leaves the sample showing something
  // other than what was asked (a graph file chosen with --set that does not
  // fit the model keeps the previous graph running). "" when none; headless
  // runs fail with it, the panel shows it.
  std::string problem;
};

class Sample {
 public:
  using GroundMark = samples::GroundMark;
  using DebugLine = samples::DebugLine;

  // `title`: "01 Blend". `explanation`: a few sentences in plain words: what
  // the technique is and why, every symbol defined, the published source
  // named once at the end. `software_renderer_sets`: parameter assignments
  // ("count=8") that a window drawn by a software rasteriser (llvmpipe)
  // starts the sample with instead of its defaults, where those make frames
  // take seconds there; set before the user's own.
  Sample(std::string title, std::string explanation,
         std::vector<std::string> software_renderer_sets = {})
      : title_(std::move(title)),
        explanation_(std::move(explanation)),
        software_renderer_sets_(std::move(software_renderer_sets)) {}
  virtual ~Sample() = default;

  const std::string& Title() const { return title_; }
  const std::string& Explanation() const { return explanation_; }
  const std::vector<std::string>& SoftwareRendererSets() const { return software_renderer_sets_; }

  // Prepares for `model` (which outlives the sample or the next Load) and
  // picks default clips by role. False, with `error`, when the model cannot
  // run this sample (for example it has no clips).
  virtual bool Load(const anim::Model& model, std::string* error) = 0;
  virtual void Update(float dt) = 0;
  virtual const anim::SoaPose& CurrentPose() const = 0;  // the skeleton's hierarchy
  // What the sample shows beyond the pose (SampleView). Default: nothing.
  // Callable before Load too (a sample that generates its own mesh says so
  // from the start), where it shows nothing that needs a model.
  virtual SampleView View() const { return {}; }
  // Panel body below the explanation. Default: a widget per parameter.
  virtual void DrawPanel() { DrawParamWidgets(params_); }

  // Inputs from the viewer.
  //
  // Pointer: the window offers each left-button press in the 3D view as a
  // world-space ray from the camera through the mouse. A sample that
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
  // The scrubber of the view's timeline moved to `time` (0..length); shown
  // from the next Update.
  virtual void Scrub(float time) { (void)time; }
  // A sample with a ground takes the user's terrain, a static glTF mesh
  // (--ground FILE, or its panel): false, with `error` naming the file and
  // the problem, keeping the current ground. Default: no ground to replace.
  virtual bool LoadGround(const std::string& path, std::string* error) {
    *error = Title() + " has no ground to replace with " + path;
    return false;
  }
  // The window playing in real time lets a sample do slow work (rebuilding a
  // compressed clip) on a worker thread and show the result when it is
  // ready, so its frames keep coming. Off by default and in headless,
  // fixed-step and test runs, where every frame must be reproducible; turned
  // off, the sample finishes what was asked before its next frame.
  virtual void AllowBackgroundWork(bool allow) { (void)allow; }

  // The morph-target weights shown with the pose: the view's, else the
  // pose's (SampleView::morph_weights).
  std::span<const float> MorphWeights() const {
    return View().morph_weights.value_or(CurrentPose().MorphWeights());
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

 private:
  std::string title_;
  std::string explanation_;
  std::vector<std::string> software_renderer_sets_;
};

// Every sample, in walkthrough order (index = sample number).
std::vector<std::unique_ptr<Sample>> MakeAllSamples();

}  // namespace samples
