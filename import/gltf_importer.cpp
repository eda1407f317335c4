// Entry points of the glTF importer: parse with tinygltf (JSON, GLB
// container, data URIs, external files), then hand the parsed document to the
// steps that validate and convert it (nodes, skeleton, meshes, clips,
// materials). Every failure becomes "<file>: <problem>".
#include "import/gltf_importer.h"

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <new>
#include <optional>

#include "import/gltf_animation.h"
#include "import/gltf_budget.h"
#include "import/gltf_cameras.h"
#include "import/gltf_context.h"
#include "import/gltf_draco.h"
#include "import/gltf_glb.h"
#include "import/gltf_json_scan.h"
#include "import/gltf_limits.h"
#include "import/gltf_material.h"
#include "import/gltf_mesh.h"
#include "import/gltf_node_visibility.h"
#include "import/gltf_nodes.h"
#include "import/gltf_skeleton.h"
#include "import/gltf_skin_turn.h"
#include "import/gltf_uri.h"
#include "import/regular_file.h"

namespace anim {

namespace {

using gltf::ImportError;

// Extensions we implement, so a file may require them (and none of them is
// listed as ignored when a file only uses it).
const char* const kSupportedRequired[] = {
    gltf::kDracoExtension, "KHR_mesh_quantization",           "KHR_texture_transform",
    "KHR_materials_unlit", "KHR_materials_emissive_strength", "KHR_animation_pointer",
    "KHR_node_visibility"};

// Filesystem callbacks for tinygltf. tinygltf percent-decodes a URI, joins it
// to base_dir and asks FileExists, then ReadWholeFile; it would also try the
// current directory and run wordexp() on the path. Every path that starts
// with base_dir is "found" so that ReadWholeFile, which checks it against
// the folder, gives the reason for a refusal; nothing else exists.
struct FileAccess {
  std::string base_dir;  // "" or ending in '/'
  gltf::ModelFolder folder;
  gltf::LoadBudget* budget;

  // Reads the file and counts it against the budget (a file named by
  // twelve images is read, and counted, twelve times).
  bool Read(const std::string& decoded_uri, std::vector<unsigned char>* out,
            std::string* problem) const {
    const std::uintmax_t room = std::min<std::uintmax_t>(gltf::kMaxFileBytes, budget->Left());
    if (!folder.Read(decoded_uri, room, out, problem)) {
      if (room < gltf::kMaxFileBytes && problem->find("at most") != std::string::npos) {
        *problem += " (what is left of the memory limit for one load, " +
                    gltf::MebibyteText(budget->Limit()) + ")";
      }
      return false;
    }
    budget->Keep(out->size(), 1, "external file");  // fits: `room` bounded the read
    return true;
  }
};

bool FileExists(const std::string& path, void* user) {
  const auto* access = static_cast<const FileAccess*>(user);
  return !access->base_dir.empty() &&
         path.compare(0, access->base_dir.size(), access->base_dir) == 0;
}

std::string ExpandFilePath(const std::string& path, void*) {
  // tinygltf's default runs wordexp() on URIs from the file; a URI is a
  // path, never a shell word.
  return path;
}

bool ReadWholeFile(std::vector<unsigned char>* out, std::string* error, const std::string& path,
                   void* user) {
  const auto* access = static_cast<const FileAccess*>(user);
  std::string problem = "external files are not available here";
  const bool read =
      FileExists(path, user) && access->Read(path.substr(access->base_dir.size()), out, &problem);
  if (!read && error) *error = problem;
  return read;
}

bool WriteWholeFile(std::string* error, const std::string&, const std::vector<unsigned char>&,
                    void*) {
  if (error) *error = "the importer never writes files";
  return false;
}

// tinygltf messages are newline-separated lines; we want one short,
// printable line (a JSON parser quoting a binary file's first bytes must not
// put raw bytes into our message).
std::string OneLine(const std::string& text) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (!line.empty()) out += (out.empty() ? "" : "; ") + line;
    start = end + 1;
  }
  for (char& c : out) {
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
  }
  constexpr std::size_t kMaxLength = 300;
  if (out.size() > kMaxLength) out = out.substr(0, kMaxLength) + "...";
  return out;
}

bool Contains(const unsigned char* data, std::size_t size, const std::string& text) {
  return std::search(data, data + size, text.begin(), text.end()) != data + size;
}

// Why tinygltf refused the file, in our words where we know better.
std::string ParseFailure(const std::string& tinygltf_error) {
  std::string why = OneLine(tinygltf_error);
  if (why.empty()) return "not a valid glTF file";
  if (why.find("json.exception") != std::string::npos) return "not a glTF file (" + why + ")";
  return why;
}

// Whether the JSON may name KHR_draco_mesh_compression: literally, or
// spelled with \u escapes (the only JSON escapes that yield letters), which
// must not let a file slip past the Draco checks.
bool MayUseDraco(const unsigned char* data, std::size_t size) {
  return Contains(data, size, gltf::kDracoExtension) || Contains(data, size, "\\u");
}

void AddLines(const std::string& text, std::vector<std::string>* out) {
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    if (!line.empty()) out->push_back("tinygltf: " + line);
    start = end + 1;
  }
}

void CheckExtensions(gltf::Context& ctx) {
  for (const std::string& ext : ctx.gltf.extensionsRequired) {
    if (std::find(std::begin(kSupportedRequired), std::end(kSupportedRequired), ext) ==
        std::end(kSupportedRequired)) {
      throw ImportError("requires the glTF extension " + ext + ", which is not supported");
    }
  }
  std::string ignored;
  for (const std::string& ext : ctx.gltf.extensionsUsed) {
    if (std::find(std::begin(kSupportedRequired), std::end(kSupportedRequired), ext) !=
        std::end(kSupportedRequired)) {
      continue;
    }
    ignored += (ignored.empty() ? "" : ", ") + ext;
  }
  if (!ignored.empty()) ctx.Warn("optional extensions ignored: " + ignored);
}

void Convert(gltf::Context& ctx, const ImportOptions& options, Model* model) {
  CheckExtensions(ctx);
  const gltf::NodeTree tree = gltf::BuildNodeTree(ctx);
  const std::optional<gltf::MissedTurn> turn =
      ctx.gltf.skins.empty() ? std::nullopt : gltf::FindTurnTheSkeletonMisses(ctx, tree);
  const bool apply_turn = turn.has_value() && options.apply_scene_turn;
  // Every skin's joints make one skeleton; files without skins get one
  // synthesised from their node hierarchy so node animations still play.
  const gltf::SkeletonMapping mapping =
      ctx.gltf.skins.empty() ? gltf::BuildNodeSkeleton(ctx, tree)
                             : gltf::BuildSkinSkeleton(ctx, tree, apply_turn ? &*turn : nullptr);
  if (turn.has_value()) {
    gltf::WarnOfMissedTurn(ctx, tree, *turn, apply_turn);
    model->scene_turn_missed = true;
    model->scene_turn_applied = apply_turn;
  }
  std::vector<int> morph_channel_of_node;
  model->primitives =
      gltf::ImportMeshes(ctx, tree, mapping, &model->morph_channels, &morph_channel_of_node);
  int morph_weights = 0;
  for (const MorphChannel& channel : model->morph_channels) {
    morph_weights = std::max(
        morph_weights, channel.first_weight + static_cast<int>(channel.default_weights.size()));
  }
  model->animated_material_values = gltf::CollectAnimatedMaterialValues(ctx, morph_weights);
  int animated_floats = morph_weights;
  for (const AnimatedMaterialValue& value : model->animated_material_values) {
    animated_floats = value.first_value + ComponentsOf(value.property);
  }
  model->animated_camera_values = gltf::CollectAnimatedCameraValues(ctx, animated_floats);
  animated_floats += static_cast<int>(model->animated_camera_values.size());
  model->node_visibility =
      gltf::ImportNodeVisibility(ctx, tree, animated_floats, &model->primitives);
  std::vector<std::optional<ClipRole>> file_roles;
  model->clips = gltf::ImportClips(ctx, mapping, model->morph_channels, morph_channel_of_node,
                                   model->animated_material_values, model->animated_camera_values,
                                   model->node_visibility, &file_roles);
  if (model->primitives.empty() && model->clips.empty()) {
    std::string why = "nothing to import: no triangle meshes and no animations";
    for (const std::string& warning : ctx.warnings) why += "; " + warning;
    throw ImportError(why);
  }
  gltf::ImportMaterials(ctx, &model->materials, &model->images);
  model->cameras = gltf::ImportCameras(ctx, tree, mapping);
  model->skeleton = mapping.skeleton;
  model->first_helper_joint = mapping.first_helper_joint;
  model->skeleton.SetDefaultMorphWeights(model->DefaultMorphWeights());
  GuessClipRoles(*model, file_roles);
}

}  // namespace

bool LoadGltfModelFromMemory(const std::string& name, const unsigned char* data, std::size_t size,
                             const std::string& base_dir, Model* model, std::string* error,
                             const ImportOptions& options) {
  const auto fail = [&](std::string problem) {
    // Names and URIs inside the file may hold control characters; the
    // message is meant for a terminal or a log line.
    for (char& c : problem) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
    }
    if (error) *error = name + ": " + problem;
    return false;
  };
  try {
    if (data == nullptr || size == 0) return fail("the file is empty");
    if (size > gltf::kMaxFileBytes) return fail("the file is too large");
    gltf::LoadBudget budget(options.max_load_bytes);
    budget.Keep(size, 1, "the file itself");
    FileAccess access{base_dir, gltf::ModelFolder(base_dir), &budget};
    if (!access.base_dir.empty() && access.base_dir.back() != '/') access.base_dir += '/';

    const gltf::GltfBytes parts = gltf::SplitGltfBytes(data, size);
    gltf::ScanJson(parts.json, budget);
    // tinygltf copies the GLB's BIN chunk into its buffer.
    budget.Keep(parts.bin_size, 1, "the GLB binary chunk");

    // tinygltf decodes Draco data while it parses, trusting the file; the
    // checks come first. Files without Draco skip the second JSON parse.
    gltf::DracoFaces draco_faces;
    if (MayUseDraco(data, size)) {
      const auto read_external = [&access](const std::string& uri, std::vector<unsigned char>* out,
                                           std::string* problem) {
        return access.Read(gltf::PercentDecode(uri), out, problem);
      };
      draco_faces = gltf::CheckDracoPrimitives(parts, read_external);
    }

    tinygltf::Model document;
    tinygltf::TinyGLTF loader;
    loader.SetFsCallbacks({&FileExists, &ExpandFilePath, &ReadWholeFile, &WriteWholeFile, &access});
    gltf::ImageLoading image_loading{&document, &budget};
    loader.SetImageLoader(&gltf::KeepEncodedImage, &image_loading);
    std::string parse_error, parse_warning;
    const bool binary = size >= 4 && std::equal(data, data + 4, "glTF");
    // Chunks of unknown types are left out of what tinygltf reads.
    std::vector<unsigned char> canonical;
    if (parts.ignored_chunks > 0) {
      budget.Keep(size, 1, "a copy of the GLB file without its unknown chunks");
      canonical = gltf::CanonicalGlb(parts);
      data = canonical.data();
      size = canonical.size();
    }
    const bool parsed =
        binary ? loader.LoadBinaryFromMemory(&document, &parse_error, &parse_warning, data,
                                             static_cast<unsigned int>(size), access.base_dir)
               : loader.LoadASCIIFromString(&document, &parse_error, &parse_warning,
                                            reinterpret_cast<const char*>(data),
                                            static_cast<unsigned int>(size), access.base_dir);
    if (!parsed) return fail(ParseFailure(parse_error));

    Model result;
    result.source_path = name;
    AddLines(parse_warning, &result.warnings);
    gltf::Context ctx{document,
                      result.warnings,
                      {},
                      std::move(draco_faces),
                      name,
                      budget,
                      gltf::ReadPointerChannels(parts.json, budget)};
    Convert(ctx, options, &result);
    *model = std::move(result);
    return true;
  } catch (const ImportError& e) {
    return fail(e.what());
  } catch (const std::bad_alloc&) {
    return fail("out of memory (the file claims more data than can be held)");
  } catch (const std::exception& e) {
    return fail(std::string("unexpected error: ") + e.what());
  }
}

bool LoadGltfModel(const std::string& path, Model* model, std::string* error,
                   const ImportOptions& options) {
  std::vector<unsigned char> bytes;
  const std::uintmax_t room = std::min<std::uintmax_t>(gltf::kMaxFileBytes, options.max_load_bytes);
  if (!ReadInputFile(path, room, &bytes, error)) return false;
  std::string base_dir = std::filesystem::path(path).parent_path().string();
  if (base_dir.empty()) base_dir = ".";
  return LoadGltfModelFromMemory(path, bytes.data(), bytes.size(), base_dir, model, error, options);
}

}  // namespace anim
