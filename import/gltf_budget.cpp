#include "import/gltf_budget.h"

#include <cstdio>
#include <limits>

#include "import/gltf_context.h"

namespace anim::gltf {

namespace {

// count * each, saturating instead of wrapping around.
std::size_t Product(std::size_t count, std::size_t each) {
  if (each != 0 && count > std::numeric_limits<std::size_t>::max() / each) {
    return std::numeric_limits<std::size_t>::max();
  }
  return count * each;
}

}  // namespace

std::string MebibyteText(std::size_t bytes) {
  char text[64];
  std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  return text;
}

void LoadBudget::Refuse(const std::string& what, std::size_t needed, std::size_t used,
                        const char* account) const {
  throw ImportError(
      what + " needs " +
      (needed == std::numeric_limits<std::size_t>::max() ? std::string("more than 16 EiB")
                                                         : MebibyteText(needed)) +
      account + MebibyteText(used) +
      " already counted, that passes the memory limit for one load (" + MebibyteText(limit_) + ")");
}

void LoadBudget::Keep(std::size_t count, std::size_t bytes_each, const std::string& what) {
  const std::size_t bytes = Product(count, bytes_each);
  if (bytes > limit_ - kept_) Refuse(what, bytes, kept_, "; with ");
  kept_ += bytes;
}

void LoadBudget::CheckTemporary(std::size_t bytes, const std::string& what) const {
  if (bytes > limit_ - kept_) Refuse(what, bytes, kept_, " while it is decoded; with ");
}

void LoadBudget::Read(std::size_t count, std::size_t bytes_each, const std::string& what) {
  const std::size_t bytes = Product(count, bytes_each);
  if (bytes > limit_ - read_) Refuse(what, bytes, read_, " of accessor reading; with ");
  read_ += bytes;
}

}  // namespace anim::gltf
