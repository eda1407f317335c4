#include "app/ground_view.h"

#include <cstdio>
#include <string>

namespace animviewer {

void GroundView::Read(const anim::Model* mesh, int revision) {
  source_ = mesh;
  revision_ = revision;
}

void GroundView::Apply(render::FrameInputs* frame) const {
  frame->ground = nullptr;
  if (source_ == nullptr) return;
  if (source_ != uploaded_ || revision_ != uploaded_revision_) {
    uploaded_ = source_;
    uploaded_revision_ = revision_;
    std::string error;
    render::GpuModel uploaded;
    if (uploaded.Upload(*source_, &error)) {
      gpu_ = std::move(uploaded);
    } else {
      // The sample checked the mesh's numbers; what is left is the GPU's
      // refusal (out of memory). The previous ground stays.
      std::fprintf(stderr, "the ground mesh could not be uploaded: %s\n", error.c_str());
    }
  }
  if (!gpu_.Empty()) frame->ground = &gpu_;
}

}  // namespace animviewer
