// The ground mesh a walkthrough sample stands its character on (sample 12's
// uneven ground), on the GPU: uploaded once per change of the sample's
// mesh, handed to the scene renderer every frame. Shared by the window and
// the headless renderer so both draw the same picture.
#pragma once

#include "model/model.h"
#include "render/gpu_model.h"
#include "render/scene_renderer.h"

namespace animviewer {

class GroundView {
 public:
  // Takes the sample's ground mesh and its revision (SampleView; no GL:
  // headless runs read before their context exists). nullptr: nothing is drawn.
  void Read(const anim::Model* mesh, int revision);
  // Uploads a new or changed mesh (a GL context is current: this is called
  // while drawing) and points the frame at it.
  void Apply(render::FrameInputs* frame) const;

 private:
  const anim::Model* source_ = nullptr;
  int revision_ = 0;
  // The GPU copy is a cache of source_ at uploaded_revision_, filled when
  // a frame is drawn.
  mutable render::GpuModel gpu_;
  mutable const anim::Model* uploaded_ = nullptr;
  mutable int uploaded_revision_ = 0;
};

}  // namespace animviewer
