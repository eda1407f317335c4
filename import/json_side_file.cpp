#include "import/json_side_file.h"

#include <vector>

#include "import/json_nesting.h"
#include "import/regular_file.h"

namespace anim {

bool ReadJsonSideFile(const std::string& path, std::uintmax_t max_bytes, int max_depth,
                      const std::string& kind, nlohmann::json* json, std::string* problem) {
  std::vector<unsigned char> text;
  if (!ReadRegularFile(path, max_bytes, &text, problem)) return false;
  if (JsonNestingDepth(text) > max_depth) {
    *problem = "nested deeper than " + kind + " can be";
    return false;
  }
  try {
    *json = nlohmann::json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::exception& e) {
    *problem = std::string("not valid JSON: ") + e.what();
    return false;
  }
  return true;
}

}  // namespace anim
