// Motion matching's search (anim/matching/motion_search.h): one query
// against databases of 1k to 1M rows x 27 features, by brute force and
// with the bounding boxes, and the database's bytes per row.
//
//   matching/brute/<rows>         SearchBruteForce, one query per iteration
//   matching/accelerated/<rows>   SearchAccelerated, the same queries
//
// The rows are the mannequin's locomotion dance card
// (assets/mannequin_locomotion.gltf through samples::MotionOf: every
// full-body clip and the mirror images, 30 rows a second, 3,839 rows)
// repeated with noise of a twentieth of each feature's deviation until the
// size is reached, as a database of many takes of similar moves is; the queries are rows of it with
// noise of the same size (the playing pose, a desired trajectory near one the data has). Times are
// the benchmark thread's CPU time per search; bytes_per_row is MotionDatabase::Bytes() over the
// rows (the feature matrix alone is 108); rows_measured is the share of rows the accelerated search
// measured.
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <random>
#include <string>

#include "anim/matching/motion_search.h"
#include "model_once.h"
#include "samples/motion_clips.h"

namespace {

using anim::kFeatureCount;

// Each repeat of the clips differs by this much of each feature's deviation.
constexpr float kTakeNoise = 0.05f;
// A desired trajectory differs from the playing row's by this much per
// trajectory feature (normalised).
constexpr float kQueryNoise = 0.3f;

const anim_bench::BenchModel kDanceCard{"dance_card",
                                        ANIM_SOURCE_DIR "/assets/mannequin_locomotion.gltf"};

// The dance card's rows, unnormalised, with where they come from.
const anim::MotionRows* BaseRows(std::string* error) {
  static std::unique_ptr<anim::MotionRows> rows;
  static std::string failure;
  if (rows == nullptr && failure.empty()) {
    const anim::Model* model = anim_bench::LoadOnce(kDanceCard, &failure);
    const auto motion = model != nullptr ? samples::MotionOf(*model, &failure) : std::nullopt;
    auto built = std::make_unique<anim::MotionRows>();
    if (motion && anim::ExtractMotionRows(model->skeleton, motion->clips, motion->joints,
                                          samples::kMotionFrameRate, built.get(), &failure))
      rows = std::move(built);
  }
  *error = failure;
  return rows.get();
}

// The base rows repeated with noise until `count` rows.
anim::MotionDatabase Repeated(const anim::MotionRows& base, int count) {
  const int base_count = static_cast<int>(base.frames.size());
  std::string error;
  const auto plain = anim::MotionDatabase::Create(base.raw, base.frames, base.ranges,
                                                  anim::kDefaultFeatureWeights, &error);
  std::mt19937 random(1);
  std::normal_distribution<float> noise(0.0f, kTakeNoise);
  std::vector<float> raw(static_cast<std::size_t>(count) * kFeatureCount);
  std::vector<anim::MotionFrame> frames(static_cast<std::size_t>(count));
  std::vector<anim::SearchRange> ranges;
  for (int r = 0; r < count; ++r) {
    const int from = r % base_count;
    for (int f = 0; f < kFeatureCount; ++f)
      raw[static_cast<std::size_t>(r) * kFeatureCount + f] =
          base.raw[static_cast<std::size_t>(from) * kFeatureCount + f] +
          noise(random) * plain->Deviations()[f];
    frames[static_cast<std::size_t>(r)] = base.frames[static_cast<std::size_t>(from)];
  }
  for (int copy = 0; copy * base_count < count; ++copy)
    for (const anim::SearchRange& range : base.ranges)
      if (copy * base_count + range.begin < count)
        ranges.push_back(
            {copy * base_count + range.begin, std::min(count, copy * base_count + range.end)});
  return *anim::MotionDatabase::Create(raw, std::move(frames), std::move(ranges),
                                       anim::kDefaultFeatureWeights, &error);
}

const anim::MotionDatabase* DatabaseOf(int rows, std::string* error) {
  static std::map<int, anim::MotionDatabase> built;
  const anim::MotionRows* base = BaseRows(error);
  if (base == nullptr) return nullptr;
  auto it = built.find(rows);
  if (it == built.end()) it = built.emplace(rows, Repeated(*base, rows)).first;
  return &it->second;
}

// A query as the controller makes one: the playing row's pose features and
// a desired trajectory that differs from the row's by `noise` (normalised
// units) per feature; the search starts from the playing row's cost, to be
// beaten, as Holden's demo does.
struct Query {
  std::array<float, kFeatureCount> features;
  anim::MatchResult playing;
};

std::vector<Query> Queries(const anim::MotionDatabase& db, float noise_size) {
  std::mt19937 random(2);
  std::uniform_int_distribution<int> row(0, db.FrameCount() - 1);
  std::normal_distribution<float> noise(0.0f, noise_size);
  const int trajectory = anim::GroupSpan(anim::FeatureGroup::kTrajectoryPositions).first;
  std::vector<Query> out(256);
  for (Query& q : out) {
    const int r = row(random);
    const auto from = db.Row(r);
    for (int f = 0; f < kFeatureCount; ++f)
      q.features[f] = from[f] + (f >= trajectory ? noise(random) : 0.0f);
    q.playing = {r, anim::MatchCost(db, q.features, r)};
  }
  return out;
}

void Search(benchmark::State& state, bool accelerated) {
  std::string error;
  const anim::MotionDatabase* db = DatabaseOf(static_cast<int>(state.range(0)), &error);
  if (db == nullptr) {
    state.SkipWithError(error.c_str());
    return;
  }
  const auto queries = Queries(*db, kQueryNoise);
  std::size_t next = 0;
  anim::SearchCounts counts;
  for (auto _ : state) {
    const Query& q = queries[next++ % queries.size()];
    const anim::MatchResult found =
        accelerated ? anim::SearchAccelerated(*db, q.features, q.playing, &counts)
                    : anim::SearchBruteForce(*db, q.features, q.playing);
    benchmark::DoNotOptimize(found);
  }
  state.counters["bytes_per_row"] = static_cast<double>(db->Bytes()) / db->FrameCount();
  if (accelerated)
    state.counters["rows_measured"] = static_cast<double>(counts.rows_measured) /
                                      (static_cast<double>(state.iterations()) * db->FrameCount());
}

void Sizes(benchmark::internal::Benchmark* b) {
  for (int rows : {1000, 10000, 50000, 100000, 1000000}) b->Arg(rows);
  b->Unit(benchmark::kMicrosecond);
}

}  // namespace

BENCHMARK_CAPTURE(Search, brute, false)->Name("matching/brute")->Apply(Sizes);
BENCHMARK_CAPTURE(Search, accelerated, true)->Name("matching/accelerated")->Apply(Sizes);
