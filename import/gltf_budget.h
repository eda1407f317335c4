// Internal to anim_import: the memory budget of one load. A few bytes of
// glTF can claim gigabytes (12 images sharing one 8192x8192 PNG, a million
// empty animations, a huge accessor read by every primitive), so each step
// that allocates in proportion to what the file claims asks the budget
// first, and the load fails with a message naming the limit instead of
// exhausting the machine's memory or time.
//
// Three accounts, all against the same limit:
//   - kept: what stays allocated until the load ends (the file's bytes, the
//     parsed document, buffers, the imported model). Never given back, so
//     it over-counts a little and never under-counts.
//   - temporary: a peak that ends within one step (an image being decoded);
//     checked against what is left, not added.
//   - read: the values read from accessors over the whole load, including a
//     fixed cost per read, so that re-reading one huge (or one empty)
//     accessor from a hundred thousand places costs bounded time too.
#pragma once

#include <cstddef>
#include <string>

namespace anim::gltf {

class LoadBudget {
 public:
  explicit LoadBudget(std::size_t limit_bytes) : limit_(limit_bytes) {}

  // Adds count * bytes_each to the kept bytes; throws ImportError, naming
  // `what` and the limit, when the total would pass the limit.
  void Keep(std::size_t count, std::size_t bytes_each, const std::string& what);
  // Throws unless `bytes` more fit next to what is kept.
  void CheckTemporary(std::size_t bytes, const std::string& what) const;
  // Adds to the read account (bytes of values read from accessors).
  void Read(std::size_t count, std::size_t bytes_each, const std::string& what);

  // Bytes still free next to what is kept.
  std::size_t Left() const { return limit_ - kept_; }
  std::size_t Limit() const { return limit_; }

 private:
  [[noreturn]] void Refuse(const std::string& what, std::size_t needed, std::size_t used,
                           const char* account) const;

  std::size_t limit_;
  std::size_t kept_ = 0;
  std::size_t read_ = 0;
};

// "1.5 MiB"
std::string MebibyteText(std::size_t bytes);

}  // namespace anim::gltf
