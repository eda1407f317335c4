// Reading a whole input file (a model, an external buffer or image, a graph
// description) safely: only regular files are read, so a FIFO cannot block
// the program, a directory cannot report a size of 2^63 bytes, and a special
// file such as /proc/self/mem fails with a message instead of an exception.
// Nothing here throws except std::bad_alloc (ReadRegularFile).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace anim {

// Reads `path` into `out`. False with `problem` set (without the path: the
// caller knows how to name the file) when it is missing, not a regular file,
// larger than `max_bytes` or unreadable.
bool ReadRegularFile(const std::string& path, std::uintmax_t max_bytes,
                     std::vector<unsigned char>* out, std::string* problem);

// ReadRegularFile for an importer: on failure `error` is "<path>: <problem>",
// and running out of memory is one of the problems rather than an exception.
bool ReadInputFile(const std::string& path, std::uintmax_t max_bytes,
                   std::vector<unsigned char>* out, std::string* error);

}  // namespace anim
