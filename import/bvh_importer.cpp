#include "import/bvh_importer.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <new>
#include <vector>

#include "import/bvh_hierarchy.h"
#include "import/bvh_limits.h"
#include "import/bvh_model.h"
#include "import/bvh_motion.h"
#include "import/regular_file.h"

namespace anim {

bool IsBvhPath(std::string_view path) {
  if (path.size() < 4) return false;
  std::string tail(path.substr(path.size() - 4));
  std::transform(tail.begin(), tail.end(), tail.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return tail == ".bvh";
}

bool LoadBvhModelFromMemory(const std::string& name, const unsigned char* data, std::size_t size,
                            Model* model, std::string* error, const ImportOptions& options) {
  const auto fail = [&](int line, std::string problem) {
    // Joint names and stray words are quoted from the file; the message is
    // meant for a terminal or a log line.
    for (char& c : problem) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
    }
    if (error) *error = name + (line > 0 ? ":" + std::to_string(line) : "") + ": " + problem;
    return false;
  };
  try {
    if (data == nullptr || size == 0) return fail(0, "the file is empty");
    if (size > bvh::kMaxFileBytes) return fail(0, "the file is too large");
    bvh::Scanner scanner(std::string_view(reinterpret_cast<const char*>(data), size));
    const bvh::Hierarchy hierarchy = bvh::ReadHierarchy(scanner);
    if (hierarchy.channel_count == 0) {
      return fail(scanner.Line(), "no joint has CHANNELS: the take has no motion");
    }
    const std::size_t room = options.max_load_bytes > size ? options.max_load_bytes - size : 0;
    const bvh::Motion motion = bvh::ReadMotion(scanner, hierarchy.channel_count, size, room);
    Model result = bvh::BuildModel(hierarchy, motion, std::filesystem::path(name).stem().string());
    result.source_path = name;
    *model = std::move(result);
    return true;
  } catch (const bvh::BvhError& e) {
    return fail(e.Line(), e.what());
  } catch (const std::bad_alloc&) {
    return fail(0, "out of memory (the file claims more data than can be held)");
  } catch (const std::exception& e) {
    return fail(0, std::string("unexpected error: ") + e.what());
  }
}

bool LoadBvhModel(const std::string& path, Model* model, std::string* error,
                  const ImportOptions& options) {
  std::vector<unsigned char> bytes;
  const std::uintmax_t room = std::min<std::uintmax_t>(bvh::kMaxFileBytes, options.max_load_bytes);
  if (!ReadInputFile(path, room, &bytes, error)) return false;
  return LoadBvhModelFromMemory(path, bytes.data(), bytes.size(), model, error, options);
}

}  // namespace anim
