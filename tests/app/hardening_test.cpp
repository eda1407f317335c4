// The third hardening pass, run as a user would (animviewer in a child
// process, files written by hardening_files.h): skeletons as deep and as
// large as the importer accepts open within stated time and memory, --info
// prints them readably, GLB chunks that lie about their length are refused
// with the chunk named, chunks of unknown types are ignored, and negative
// references get the same clear error as references past the end.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <sstream>

#include <gtest/gtest.h>

#include "hardening_files.h"
#include "run_viewer.h"
#include "sanitizer_build.h"
#include "tests/import/test_files.h"

namespace {

using app_test::ChildRun;
using app_test::RunMeasured;
using app_test::TempPath;

std::string Write(const std::string& name, const std::string& text) {
  const std::string path = TempPath(name);
  gltf_test::WriteText(path, text);
  return path;
}
std::string Write(const std::string& name, const std::vector<std::uint8_t>& bytes) {
  const std::string path = TempPath(name);
  gltf_test::WriteBytes(path, bytes);
  return path;
}

// The longest line of `text`.
std::size_t LongestLine(const std::string& text) {
  std::istringstream lines(text);
  std::size_t longest = 0;
  for (std::string line; std::getline(lines, line);) longest = std::max(longest, line.size());
  return longest;
}

// A refusal: exit 1, and one line on stderr that starts with the file's
// path and holds every one of `words`.
void ExpectRefused(const ChildRun& run, const std::string& path,
                   const std::vector<std::string>& words) {
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_EQ(run.err.rfind("animviewer: " + path + ": ", 0), 0u) << run.err;
  for (const std::string& word : words) {
    EXPECT_NE(run.err.find(word), std::string::npos) << "'" << word << "' not in: " << run.err;
  }
}

// --- Negative and out-of-range references --------------------------------

TEST(Hardening, NegativeTargetNodeIsRefusedLikeOnePastTheEnd) {
  const std::string negative = Write("target_negative.gltf", hardening::ChainWithTarget("-5"));
  ExpectRefused(RunMeasured({negative, "--info"}), negative,
                {"-5", "animations[0].channels[0].target.node", "negative"});
  // -1 is what tinygltf stores for an absent node; written out it is refused too.
  const std::string minus_one = Write("target_minus_one.gltf", hardening::ChainWithTarget("-1"));
  ExpectRefused(RunMeasured({minus_one, "--info"}), minus_one, {"-1", "target.node"});
  // Past the end (the chain has nodes 0-3).
  const std::string past = Write("target_past.gltf", hardening::ChainWithTarget("99"));
  ExpectRefused(RunMeasured({past, "--info"}), past, {"target node", "99", "only 4 exist"});
  // The control: node 1 loads, and its clip lasts its second.
  const std::string fine = Write("target_fine.gltf", hardening::ChainWithTarget("1"));
  const ChildRun run = RunMeasured({fine, "--info"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("curl                    1.000 s"), std::string::npos) << run.out;
}

TEST(Hardening, EveryKindOfNegativeIndexNamesWhereItIs) {
  const std::string chain = hardening::ChainGltf(3, 1, 3);
  struct Case {
    std::string from, to, where;
  };
  for (const Case& c :
       std::vector<Case>{{"\"children\":[1]", "\"children\":[-1]", "nodes[0].children[0]"},
                         {"\"joints\":[0,1,2]", "\"joints\":[0,-2,2]", "skins[0].joints[1]"},
                         {"\"POSITION\":0", "\"POSITION\":-3", "attributes.POSITION"},
                         {"{\"sampler\":0,", "{\"sampler\":-1,", "channels[0].sampler"},
                         {"\"bufferView\":0,", "\"bufferView\":-7,", "accessors[0].bufferView"},
                         {"\"count\":3,", "\"count\":-3,", "accessors[0].count"},
                         {"\"mesh\":0", "\"mesh\":-1.0", "nodes[3].mesh"}}) {
    SCOPED_TRACE(c.to);
    std::string json = chain;
    const std::size_t at = json.find(c.from);
    ASSERT_NE(at, std::string::npos) << c.from;
    json.replace(at, c.from.size(), c.to);
    const std::string path = Write("negative.gltf", json);
    ExpectRefused(RunMeasured({path, "--info"}), path, {c.where, "negative"});
  }
  // Negative numbers where glTF allows them still load: a rotation, a
  // translation, an accessor's min, and an index in extras (the application's).
  std::string json = chain;
  json.replace(json.find("\"translation\":[0,0.01,0]"), 24,
               "\"translation\":[-1,-2,0],\"extras\":{\"node\":-4}");
  const std::string allowed = Write("negative_allowed.gltf", json);
  const ChildRun run = RunMeasured({allowed, "--info"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
}

// --- GLB chunks -------------------------------------------------------------

// The 3-joint chain as a GLB whose JSON chunk is followed by `chunks`.
std::vector<std::uint8_t> GlbWith(const std::function<void(std::vector<std::uint8_t>&)>& chunks) {
  std::string json = hardening::ChainGltf(3, 1, 3);
  while (json.size() % 4 != 0) json += ' ';
  std::vector<std::uint8_t> glb = {'g', 'l', 'T', 'F', 2, 0, 0, 0, 0, 0, 0, 0};
  hardening::AppendChunk(glb, 0x4E4F534A, std::vector<std::uint8_t>(json.begin(), json.end()),
                         static_cast<std::uint32_t>(json.size()));
  chunks(glb);
  hardening::FixGlbLength(glb);
  return glb;
}

TEST(Hardening, GlbChunksAreCheckedAgainstTheFile) {
  const std::vector<std::uint8_t> eight(8, 0);
  const std::uint32_t xtra = 0x41525458;  // "XTRA"
  // Unknown chunk types are ignored, as the specification says (tinygltf
  // alone refuses them), wherever they are.
  for (const auto& [name, chunks] :
       std::vector<std::pair<std::string, std::function<void(std::vector<std::uint8_t>&)>>>{
           {"json_only", [](std::vector<std::uint8_t>&) {}},
           {"unknown_after_json",
            [&](std::vector<std::uint8_t>& g) { hardening::AppendChunk(g, xtra, eight, 8); }},
           {"unknown_after_bin", [&](std::vector<std::uint8_t>& g) {
              hardening::AppendChunk(g, hardening::kBinChunk, eight, 8);
              hardening::AppendChunk(g, xtra, eight, 8);
            }}}) {
    SCOPED_TRACE(name);
    const std::string path = Write(name + ".glb", GlbWith(chunks));
    const ChildRun run = RunMeasured({path, "--info"});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_NE(run.out.find("3 joints"), std::string::npos) << run.out;
  }
  struct Refusal {
    std::string name;
    std::function<void(std::vector<std::uint8_t>&)> chunks;
    std::vector<std::string> words;
  };
  for (const Refusal& r :
       std::vector<Refusal>{{"bin_2gb",
                             [&](std::vector<std::uint8_t>& g) {
                               hardening::AppendChunk(g, hardening::kBinChunk, eight, 0x80000000u);
                             },
                             {"GLB chunk 1 (BIN)", "2147483648", "does not fit the file"}},
                            {"unknown_2gb",
                             [&](std::vector<std::uint8_t>& g) {
                               hardening::AppendChunk(g, xtra, eight, 0x80000000u);
                             },
                             {"GLB chunk 1 (\"XTRA\")", "2147483648", "does not fit the file"}},
                            {"second_bin",
                             [&](std::vector<std::uint8_t>& g) {
                               hardening::AppendChunk(g, hardening::kBinChunk, eight, 8);
                               hardening::AppendChunk(g, hardening::kBinChunk, eight, 8);
                             },
                             {"GLB chunk 2", "second BIN chunk"}},
                            {"bin_after_unknown",
                             [&](std::vector<std::uint8_t>& g) {
                               hardening::AppendChunk(g, xtra, eight, 8);
                               hardening::AppendChunk(g, hardening::kBinChunk, eight, 8);
                             },
                             {"GLB chunk 2", "must directly follow the JSON chunk"}},
                            {"cut_chunk_header",
                             [&](std::vector<std::uint8_t>& g) {
                               g.insert(g.end(), {1, 0, 0, 0});
                             },
                             {"GLB chunk 1", "8-byte header runs past the end"}}}) {
    SCOPED_TRACE(r.name);
    const std::string path = Write(r.name + ".glb", GlbWith(r.chunks));
    ExpectRefused(RunMeasured({path, "--info"}), path, r.words);
  }
}

// --- Deep and huge skeletons ------------------------------------------------

// What the program needs for a tiny model, to compare peaks with.
long BaselinePeakKib() {
  static const long peak = RunMeasured({"--info"}).peak_kib;
  return peak;
}

// Limits, stated: a 4,000-joint chain with every joint animated opens and
// compresses its clip within kDeepChainSeconds; a 65,536-joint chain (the
// importer's largest) within kHugeChainSeconds and the load memory limit.
// (Measured on the 2-core reference machine: about 6 s and 10 s, the
// limits leave room for a loaded machine.)
constexpr double kDeepChainSeconds = 40.0;
constexpr double kHugeChainSeconds = 40.0;
// An address space (KiB) that holds the program and the import of the
// 65,536-joint chain (it opens under 200 MB) but not the compression of its
// clip (about 650 MB; the whole run peaks at 664 MB of resident memory).
constexpr long kOutOfMemoryKib = 400 * 1000;

TEST(Hardening, DeepAnimatedChainCompressesInBoundedTime) {
#if ANIM_TEST_UNDER_ASAN
  GTEST_SKIP() << "time and memory are measured in the release suite, not under AddressSanitizer";
#endif
  const std::string path = Write("chain_4000.gltf", hardening::ChainGltf(4000, 4000, 31));
  const ChildRun run = RunMeasured({path, "--info"});
  std::cout << "[ LIMITS   ] 4,000-joint animated chain --info: " << run.seconds << " s, peak "
            << run.peak_kib / 1024 << " MiB\n";
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("Skeleton: 4000 joints"), std::string::npos);
  // The clip was compressed (not refused), and its error reported. (Through
  // 4,000 float matrix products the raw and the compressed chains part by
  // millimetres whatever the precision, so the tolerance is not asserted.)
  EXPECT_EQ(run.out.find("plays uncompressed"), std::string::npos) << run.out.substr(0, 500);
  EXPECT_NE(run.out.find("  curl                 raw   2480000 B  compressed "), std::string::npos)
      << run.out.substr(run.out.find("Compression"));
  EXPECT_LE(run.seconds, kDeepChainSeconds);
  EXPECT_LE(run.peak_kib, BaselinePeakKib() + 1024 * 1024);
}

TEST(Hardening, HugeChainOpensAndPrintsReadably) {
#if ANIM_TEST_UNDER_ASAN
  GTEST_SKIP() << "time and memory are measured in the release suite, not under AddressSanitizer";
#endif
  const std::string path = Write("chain_65536.gltf", hardening::ChainGltf(65536, 1, 31));
  const ChildRun run = RunMeasured({path, "--info"});
  std::cout << "[ LIMITS   ] 65,536-joint chain, root animated, --info: " << run.seconds
            << " s, peak " << run.peak_kib / 1024 << " MiB, " << run.out.size()
            << " bytes printed\n";
  ASSERT_EQ(run.exit_code, 0) << run.err.substr(0, 500);
  EXPECT_NE(run.out.find("Skeleton: 65536 joints"), std::string::npos);
  // A depth column, the indentation capped at 32 levels: the deepest joint's
  // line is as short as the 33rd level's.
  EXPECT_NE(run.out.find("65535" + std::string(65, ' ') + "65535 j65535\n"), std::string::npos);
  EXPECT_LE(LongestLine(run.out), 200u);
  EXPECT_LE(run.out.size(), 65536u * 90u);
  EXPECT_NE(run.out.find("  curl "), std::string::npos);
  EXPECT_LE(run.seconds, kHugeChainSeconds);
  EXPECT_LE(run.peak_kib, BaselinePeakKib() + 1024 * 1024);
}

TEST(Hardening, CompressionOverTheMemoryLimitIsRefusedNamingTheFile) {
#if ANIM_TEST_UNDER_ASAN
  GTEST_SKIP() << "time and memory are measured in the release suite, not under AddressSanitizer";
#endif
  const std::string path =
      Write("chain_65536_small_limit.gltf", hardening::ChainGltf(65536, 1, 31));
  const ChildRun info = RunMeasured({path, "--info", "--max-load-memory", "256"});
  std::cout << "[ LIMITS   ] 65,536-joint chain at 256 MiB: " << info.seconds << " s, peak "
            << info.peak_kib / 1024 << " MiB\n";
  // The model opens; its clip plays raw, and --info says why under the
  // file's name (its first line).
  ASSERT_EQ(info.exit_code, 0) << info.err.substr(0, 500);
  EXPECT_EQ(info.out.rfind(path + "\n", 0), 0u);
  EXPECT_NE(info.out.find("Warning: clip \"curl\" plays uncompressed"), std::string::npos);
  EXPECT_LE(info.peak_kib, BaselinePeakKib() + 256 * 1024);
  // A headless run says it on stderr, with the file's name.
  const ChildRun run =
      RunMeasured({path, "--dump-pose", TempPath("huge_pose.json"), "--max-load-memory", "256"});
  ASSERT_EQ(run.exit_code, 0) << run.err.substr(0, 500);
  EXPECT_NE(run.err.find("animviewer: " + path +
                         ": warning: clip \"curl\" plays uncompressed: "
                         "compressing it would need "),
            std::string::npos)
      << run.err.substr(0, 500);
  EXPECT_NE(run.err.find("over the load memory limit of 256.0 MiB"), std::string::npos);
  EXPECT_LE(run.peak_kib, BaselinePeakKib() + 256 * 1024);
}

TEST(Hardening, OutOfMemoryNamesTheFileAndWhatWasBeingBuilt) {
#if ANIM_TEST_UNDER_ASAN
  GTEST_SKIP() << "an address-space limit cannot apply under AddressSanitizer (it reserves "
                  "terabytes of shadow memory); run in the release suite";
#endif
  const std::string path = Write("chain_65536_oom.gltf", hardening::ChainGltf(65536, 1, 31));
  // Compression allowed (a 4 GiB load limit) but the address space capped:
  // the import fits, the compression's 623 MiB does not.
  const app_test::RunResult run =
      app_test::RunViewer("'" + path + "' --info --max-load-memory 4096", kOutOfMemoryKib);
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_EQ(run.err, "animviewer: out of memory while compressing clip \"curl\" of " + path +
                         " for --info\n");
}

}  // namespace
