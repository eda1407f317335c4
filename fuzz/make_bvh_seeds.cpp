// Writes the BVH fuzzer's seeds: small takes that between them reach every
// part of the BVH importer (six and three channels in several orders,
// partial position channels, End Sites, two roots, CRLF line ends, a chain
// at the joint limit), so that mutations start from files that get past the
// first keyword; and hostile headers (a billion frames, nesting past the
// joint limit) that must fail fast.
// Usage: make_bvh_seeds <output folder>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "bvh_walk_file.h"  // tests/import/bvh_walk_file.h: the tests' hand-written take

namespace {

bool Write(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  return static_cast<bool>(out);
}

std::string Replaced(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at)) {
    text.replace(at, from.size(), to);
    at += to.size();
  }
  return text;
}

// A root and a chain of `depth` joints, one frame.
std::string Chain(int depth) {
  std::string text = "HIERARCHY\nROOT r\n{\nOFFSET 0 0 0\nCHANNELS 1 Yrotation\n";
  for (int i = 0; i < depth; ++i) text += "JOINT j\n{\nOFFSET 0 1 0\n";
  for (int i = 0; i <= depth; ++i) text += "}\n";
  return text + "MOTION\nFrames: 1\nFrame Time: 0.1\n45\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: make_bvh_seeds <output folder>\n";
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  const std::string walk = bvh_test::kWalk;
  bool ok = Write(dir / "walk.bvh", walk);
  ok = ok && Write(dir / "walk_crlf.bvh", Replaced(walk, "\n", "\r\n"));
  ok = ok && Write(dir / "walk_xyz.bvh", Replaced(walk, "Zrotation Xrotation Yrotation",
                                                  "Xrotation Yrotation Zrotation"));
  ok = ok &&
       Write(dir / "partial_positions.bvh",
             "HIERARCHY\nROOT a\n{\n OFFSET 1 2 3\n CHANNELS 2 Zposition Yrotation\n}\n"
             "ROOT b\n{\n OFFSET 0 0 0\n CHANNELS 4 Yrotation Xposition Xrotation Yposition\n"
             " End Site\n {\n  OFFSET 0 1 0\n }\n}\n"
             "MOTION\nFrames: 2\nFrame Time: 0.0083333\n7 +90 1 2 3 4\n-7 -90 1e3 2.5e-1 3 4\n");
  ok = ok && Write(dir / "chain_at_limit.bvh", Chain(4095));
  ok = ok && Write(dir / "hostile_nesting.bvh", Chain(100000));
  ok = ok && Write(dir / "hostile_frames.bvh", Replaced(walk, "Frames: 3", "Frames: 1000000000"));
  if (!ok) {
    std::cerr << "make_bvh_seeds: cannot write into " << dir << "\n";
    return 1;
  }
  return 0;
}
