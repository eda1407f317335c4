#include "anim/graph/graph_instance.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace anim {

namespace {

std::byte* Bytes(const std::unique_ptr<std::max_align_t[]>& block) {
  return reinterpret_cast<std::byte*>(block.get());
}

}  // namespace

std::optional<GraphInstance> GraphInstance::Create(const GraphDefinition& definition,
                                                   std::string* error, int event_capacity) {
  std::string problem = definition.Validate();
  if (!problem.empty()) {
    if (error != nullptr) *error = std::move(problem);
    return std::nullopt;
  }
  return GraphInstance(definition, event_capacity);
}

GraphInstance::GraphInstance(const GraphDefinition& definition, int event_capacity)
    : definition_(&definition), params_(definition.Params()) {
  if (event_capacity > 0) events_.emplace(event_capacity);
  Extend();
}

GraphInstance::GraphInstance(GraphInstance&& other) noexcept
    : definition_(other.definition_),
      block_(std::move(other.block_)),
      block_bytes_(std::exchange(other.block_bytes_, 0)),
      constructed_(std::exchange(other.constructed_, 0)),
      version_(other.version_),
      params_(std::move(other.params_)),
      shared_params_(other.shared_params_),
      events_(std::move(other.events_)),
      event_weight_threshold_(other.event_weight_threshold_) {}

GraphInstance& GraphInstance::operator=(GraphInstance&& other) noexcept {
  if (this != &other) {
    DestroyStates();
    definition_ = other.definition_;
    block_ = std::move(other.block_);
    block_bytes_ = std::exchange(other.block_bytes_, 0);
    constructed_ = std::exchange(other.constructed_, 0);
    version_ = other.version_;
    params_ = std::move(other.params_);
    shared_params_ = other.shared_params_;
    events_ = std::move(other.events_);
    event_weight_threshold_ = other.event_weight_threshold_;
  }
  return *this;
}

GraphInstance::~GraphInstance() { DestroyStates(); }

void GraphInstance::DestroyStates() {
  if (!block_) return;
  const auto& nodes = definition_->Stateful();
  for (int i = 0; i < constructed_; ++i) {
    nodes[i]->DestroyState(Bytes(block_) + nodes[i]->StateOffset());
  }
  constructed_ = 0;
  block_.reset();
  block_bytes_ = 0;
}

void GraphInstance::Extend() {
  version_ = definition_->Version();
  const auto& nodes = definition_->Stateful();
  const std::size_t needed = definition_->StateBytes();
  if (needed > block_bytes_) {
    // A bigger block; the states made so far move to the same offsets in it.
    const std::size_t bytes = std::max(needed, 2 * block_bytes_);
    const std::size_t units = (bytes + sizeof(std::max_align_t) - 1) / sizeof(std::max_align_t);
    std::unique_ptr<std::max_align_t[]> grown(new std::max_align_t[units]);
    for (int i = 0; i < constructed_; ++i) {
      const std::size_t at = nodes[i]->StateOffset();
      nodes[i]->MoveState(Bytes(grown) + at, Bytes(block_) + at);
    }
    block_ = std::move(grown);
    block_bytes_ = units * sizeof(std::max_align_t);
  }
  for (; constructed_ < static_cast<int>(nodes.size()); ++constructed_) {
    nodes[constructed_]->ConstructState(Bytes(block_) + nodes[constructed_]->StateOffset());
  }
}

GraphContext GraphInstance::MakeContext(GraphScratch* scratch) {
  GraphContext ctx;
  ctx.skeleton = &definition_->GetSkeleton();
  ctx.rest = &definition_->RestSoaPose();
  ctx.params = &Params();
  ctx.events = events_ ? &*events_ : nullptr;
  ctx.state = Bytes(block_);
  ctx.scratch = scratch;
  ctx.event_weight_threshold = event_weight_threshold_;
  return ctx;
}

GraphContext GraphInstance::Context() const {
  // Queries only read; the context type is the one nodes take.
  return const_cast<GraphInstance*>(this)->MakeContext(nullptr);
}

bool GraphInstance::Update(float dt, GraphScratch& scratch, SoaPose& out, MotionDelta& motion) {
  motion = {};
  const Node* top = definition_->Top();
  if (top == nullptr || version_ != definition_->Version() ||
      out.JointCount() != definition_->GetSkeleton().JointCount()) {
    return false;
  }
  if (!std::isfinite(dt) || dt < 0.0f) dt = 0.0f;
  if (events_) events_->Clear();
  GraphContext ctx = MakeContext(&scratch);
  scratch.BeginFrame();
  top->Update(dt, 1.0f, ctx);
  top->Write(ctx, out, motion);
  Params().ClearTriggers();
  if (scratch.Overflowed()) {
    out.CopyFrom(definition_->RestSoaPose());
    motion = {};
    return false;
  }
  return true;
}

void GraphInstance::Reset() {
  const Node* top = definition_->Top();
  if (top == nullptr) return;
  GraphContext ctx = MakeContext(nullptr);
  top->ResetIn(0.0f, ctx);
}

void GraphInstance::Prefetch() const {
#if defined(__GNUC__) || defined(__clang__)
  // The block's first 16 lines at most: a core tracks 10 to 16 misses at a
  // time, and prefetches past that wait for a free slot in the loop itself
  // (the whole 2 KB block of the Woman graph: a quarter of a frame spent
  // here at 10,000 characters, perf); the hardware's streamer follows a
  // block read in order, and a frame leaves most nodes' states unread.
  // bench/README.md has the measurements.
  const char* bytes = reinterpret_cast<const char*>(block_.get());
  constexpr std::size_t kLine = 64;
  constexpr std::size_t kMaxBytes = 16 * kLine;
  const std::size_t end = std::min(block_bytes_, kMaxBytes);
  for (std::size_t at = 0; at < end; at += kLine) __builtin_prefetch(bytes + at, 1);
#endif
}

std::span<const FiredEvent> GraphInstance::Events() const {
  return events_ ? events_->Events() : std::span<const FiredEvent>();
}

std::size_t GraphInstance::MemoryBytes() const {
  std::size_t bytes = sizeof(*this) + block_bytes_;
  const auto& nodes = definition_->Stateful();
  for (int i = 0; i < constructed_; ++i) {
    bytes += nodes[i]->StateHeapBytes(Bytes(block_) + nodes[i]->StateOffset());
  }
  if (shared_params_ == nullptr) bytes += params_.MemoryBytes();
  if (events_) bytes += static_cast<std::size_t>(events_->Capacity()) * sizeof(FiredEvent);
  return bytes;
}

}  // namespace anim
