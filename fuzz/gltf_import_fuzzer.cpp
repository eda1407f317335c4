// libFuzzer target: any bytes, as a .gltf or .glb file, through the whole
// importer (tinygltf's parser, our checks, mesh/clip/material conversion).
// A crash, a sanitizer report, a hang (-timeout) or a blow-up (-rss_limit_mb)
// is a bug. Beyond "no crash", it checks what LoadGltfModelFromMemory
// promises: a failure names the file, and a success hands back a model the
// renderer can draw without further checks.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "fuzz/model_promises.h"
#include "import/gltf_importer.h"

namespace {

[[noreturn]] void Fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "gltf_import_fuzzer: %s: %s\n", what, detail.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string name =
      size >= 4 && data[0] == 'g' && data[1] == 'l' && data[2] == 'T' && data[3] == 'F'
          ? "fuzz.glb"
          : "fuzz.gltf";
  anim::Model model;
  std::string error;
  // No base directory: the fuzzer must not read files named by its input.
  // Half the default load limit: with AddressSanitizer's shadow memory and
  // quarantine on top, a load at the limit stays under -rss_limit_mb=2048.
  anim::ImportOptions options;
  options.max_load_bytes = anim::kDefaultMaxLoadBytes / 2;
  if (anim::LoadGltfModelFromMemory(name, data, size, "", &model, &error, options)) {
    const std::string broken = anim::fuzz::BrokenModelPromise(model);
    if (!broken.empty()) Fail("a loaded model breaks a promise", broken);
  } else if (error.rfind(name + ": ", 0) != 0 || error.size() <= name.size() + 2) {
    Fail("failure without a message naming the file", error);
  }
  return 0;
}
