// make_mannequin OUT.gltf
// Writes the project's default character: a 1.8 m wooden-dummy style
// mannequin with a 22-joint skeleton, smooth skin weights and seven clips.
// make_mannequin --locomotion OUT.gltf
// Writes the same character with its locomotion dance card instead (Idle,
// Walk, Run and the clips of clip_dance_card.cpp): motion matching's data.
// The output depends only on this code (no time stamps, no randomness), so
// running it twice gives byte-identical files; tests/assets checks that the
// committed assets/mannequin.gltf is what this program writes.
#include <cstdio>
#include <string>
#include <vector>

#include "body.h"
#include "clip_data.h"
#include "gltf_writer.h"
#include "leg_ik.h"
#include "skinning.h"

int main(int argc, char** argv) {
  const bool locomotion = argc == 3 && std::string(argv[1]) == "--locomotion";
  if (argc != 2 && !locomotion) {
    std::fprintf(stderr, "usage: make_mannequin OUT.gltf | make_mannequin --locomotion OUT.gltf\n");
    return 2;
  }
  using namespace mannequin;
  const Mesh mesh = BuildBody();
  const std::vector<SkinWeights> skin = ComputeSkinWeights(mesh);

  std::vector<ClipData> clips;
  // Each maker is followed by the largest leg reach its IK needed (hip to
  // ankle over leg length): a value near 1 means a snapping straight knee.
  const auto reach = [&clips] {
    std::fprintf(stderr, "make_mannequin: %-26s max leg reach %.3f\n", clips.back().name.c_str(),
                 TakeMaxReach());
  };
  if (locomotion) {
    for (ClipData (*make)() : {MakeIdle, MakeWalk, MakeRun}) {
      clips.push_back(make());
      reach();
    }
    MakeDanceCard([&](ClipData clip) {
      clips.push_back(std::move(clip));
      reach();
    });
  } else {
    for (ClipData (*make)() :
         {MakeIdle, MakeWalk, MakeRun, MakePunch, MakeJump, MakeLeanLeft, MakeLook}) {
      clips.push_back(make());
      reach();
    }
  }
  std::fprintf(stderr, "make_mannequin: %zu vertices, %zu triangles\n", mesh.vertices.size(),
               mesh.indices.size() / 3);
  return WriteMannequin(argv[argc - 1], mesh, skin, clips) ? 0 : 1;
}
