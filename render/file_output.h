// Writing an output file (a PNG, a pose dump) so that every failure is seen:
// a full disk shows up only when the buffered bytes are flushed or the file
// is closed, so both are checked, not just the open.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace render {

// Writes `bytes` to `path`, replacing it. False with `error` naming the file
// and the reason (strerror) when any step fails.
bool WriteFileBytes(const std::string& path, std::span<const std::uint8_t> bytes,
                    std::string* error);

}  // namespace render
