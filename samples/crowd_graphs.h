// The graph mode of 08 Crowd: the locomotion graph that ships for the loaded
// model (assets/graphs/<model file name>_locomotion.json), loaded once as one
// shared anim::GraphDefinition, and one small anim::GraphInstance per
// character with its own parameter values (a speed, so walkers and runners
// mix) and its own place in the cycle. anim::CrowdAnimator drives them like
// the crowd's clip characters. With compressed on, the instances play a
// second definition of the same file whose clip nodes sample the compressed
// form of their clips (import/graph_description.h's GraphClipOptions),
// loaded the first time it is asked for.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "anim/clips/root_motion.h"
#include "anim/crowd/crowd_animator.h"
#include "anim/graph/animation_graph.h"
#include "anim/graph/graph_instance.h"
#include "anim/offline/compressed_clip_set.h"
#include "model/model.h"

namespace samples {

class CrowdGraphs {
 public:
  // Loads the model's shipped graph. False (and Problem() says why) when
  // none ships for it or it does not load; the crowd then plays clips.
  bool Load(const anim::Model& model);
  bool Loaded() const { return graph_ != nullptr; }
  const std::string& Problem() const { return problem_; }
  const std::string& FileName() const { return file_name_; }
  // The definition the instances play (the compressed one after a Build
  // with compressed clips).
  const anim::GraphDefinition& Definition() const { return Playing().Definition(); }
  // Clip and single_frame nodes of the definition played, and how many of
  // them sample a compressed clip.
  struct ClipNodes {
    int total = 0, compressed = 0;
  };
  ClipNodes CountClipNodes() const;
  // The highest position of the graph's 1D blend spaces: the ground speed
  // of its fastest clip, where the speed parameter reaches a full run.
  float TopSpeed() const { return top_speed_; }

  // Makes `count` instances (at most `capacity`, reserved once so the
  // crowd's pointers into them stay valid); character k gets
  // speeds[k] and starts `offsets[k]` seconds into the graph. With
  // `compressed` (null: raw clips) the instances play the definition whose
  // clip nodes sample the compressed clips of that set (the model's clips,
  // built there when first needed; it must outlive the graphs), with their
  // decodings of kind `keys` (one definition per kind, each loaded on first
  // use). False (and Problem() says why) if that definition does not load:
  // nothing is built.
  bool Build(int count, int capacity, const std::vector<float>& speeds,
             const std::vector<float>& offsets, anim::CompressedClipSet* compressed = nullptr,
             anim::CompressedKeys keys = anim::CompressedKeys::kCoded);
  // Character k plays instance k, its root motion kept apart (the crowd
  // stays on its grid: the clips' root motion is taken off their poses).
  void Attach(anim::CrowdCharacter& character, int k);

  // Bytes character k's instance holds (its state block, parameters and
  // what its states allocated).
  std::size_t InstanceBytes(int k) const { return instances_[k].MemoryBytes(); }

 private:
  const anim::AnimationGraph& Playing() const {
    return playing_ >= 0 ? *compressed_graphs_[playing_] : *graph_;
  }

  const anim::Model* model_ = nullptr;
  std::string path_;
  std::unique_ptr<anim::AnimationGraph> graph_;  // owns the shared definition
  // The same file on compressed clips, per CompressedKeys kind (coded,
  // sampled), each loaded on first use; which one plays (-1: graph_).
  std::unique_ptr<anim::AnimationGraph> compressed_graphs_[anim::kCompressedKeyKinds];
  int playing_ = -1;
  std::string problem_;
  std::string file_name_;
  float top_speed_ = 0.0f;
  int speed_param_ = -1;
  std::vector<anim::GraphInstance> instances_;
  std::vector<anim::MotionDelta> motions_;
};

}  // namespace samples
