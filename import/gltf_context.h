// Internal to anim_import: the state shared by the steps of one import, and
// the error type they throw. Every step validates what it reads (tinygltf
// checks the JSON, not whether indices and byte ranges make sense) and throws
// ImportError with a message that names the offending glTF object; the entry
// point catches it and prefixes the file name.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <tiny_gltf.h>

#include "import/gltf_budget.h"
#include "import/gltf_pointer_channels.h"

namespace anim::gltf {

class ImportError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Triangle corners of Draco-compressed primitives that have no indices
// accessor, by (mesh, primitive): tinygltf decodes only their vertices.
using DracoFaces = std::map<std::pair<int, int>, std::vector<std::uint32_t>>;

struct Context {
  const tinygltf::Model& gltf;
  std::vector<std::string>& warnings;
  // Keys of warnings already given: several kinds are reported once per file
  // so that a file with 500 morph channels does not produce 500 lines.
  std::set<std::string> warned;
  DracoFaces draco_faces;
  // The file being imported, for warnings that must name it (the entry
  // point prefixes errors itself; warnings are kept as they are written).
  std::string file;
  // What the load may still allocate (a reference: steps that only read the
  // context still count what they allocate).
  LoadBudget& budget;
  // KHR_animation_pointer channels, per animation (tinygltf drops them).
  std::vector<std::vector<PointerChannel>> pointer_channels;

  void Warn(const std::string& message) { warnings.push_back(message); }
  void WarnOnce(const std::string& key, const std::string& message) {
    if (warned.insert(key).second) warnings.push_back(message);
  }
};

// Throws unless 0 <= index < size; `what` names the reference in the message
// ("accessor 3", "node 5 child").
inline void CheckIndex(int index, std::size_t size, const std::string& what) {
  if (index < 0 || static_cast<std::size_t>(index) >= size) {
    throw ImportError(what + " refers to index " + std::to_string(index) + ", but only " +
                      std::to_string(size) + " exist");
  }
}

}  // namespace anim::gltf
