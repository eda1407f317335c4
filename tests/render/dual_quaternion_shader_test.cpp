// shaders/skinned.vert with skinning_library.vert against the CPU
// reference (render/dual_quaternion_skinning.h), vertex by vertex: the
// shader's outputs are captured with transform feedback, so the comparison
// is of numbers, not pixels. The linear-blend path is checked the same way,
// and morph targets (render/gpu_morph_targets.h) before either.
#include <algorithm>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>

#include "render/cpu_skinning.h"
#include "render/dual_quaternion_skinning.h"
#include "render/embedded_shaders.h"
#include "render/gpu_mesh.h"
#include "render/gpu_morph_targets.h"
#include "render/offscreen_target.h"
#include "render/palette_buffer.h"
#include "render/shader_program.h"
#include "test_scene.h"

namespace {

using anim::SkinningMethod;

GLuint CompileVertexShader(std::string_view name) {
  std::string error;
  const GLuint shader = render::CompileEmbeddedShader(GL_VERTEX_SHADER, name, &error);
  EXPECT_NE(shader, 0u) << error;
  return shader;
}

// skinned.vert + the dual-quaternion functions, recording gl_Position and
// the world normal of every vertex (no fragment stage: rasterizer discard).
GLuint CaptureProgram() {
  const GLuint program = glCreateProgram();
  const GLuint main_shader = CompileVertexShader("skinned.vert");
  const GLuint library = CompileVertexShader(render::kSkinningLibraryShader);
  glAttachShader(program, main_shader);
  glAttachShader(program, library);
  const char* varyings[] = {"gl_Position", "v_world_normal"};
  glTransformFeedbackVaryings(program, 2, varyings, GL_INTERLEAVED_ATTRIBS);
  glLinkProgram(program);
  glDeleteShader(main_shader);
  glDeleteShader(library);
  GLint ok = GL_FALSE;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  EXPECT_EQ(ok, GL_TRUE);
  return program;
}

struct Captured {
  glm::vec4 position;
  glm::vec3 normal;
};

// Runs the mesh's vertices through the shader as points, after its morph
// targets at `morph_weights` (none when empty).
std::vector<Captured> RunShader(GLuint program, const anim::MeshPrimitive& p,
                                const std::vector<glm::mat4>& palette, SkinningMethod method,
                                const glm::mat4& world, std::span<const float> morph_weights = {}) {
  const auto n = static_cast<GLsizei>(p.positions.size());
  // The mesh goes up as the viewer uploads it (render::GpuMesh), so the
  // attribute layout is the one drawn.
  render::GpuMesh mesh;
  std::string error;
  EXPECT_TRUE(mesh.Upload(p, static_cast<int>(palette.size()), &error)) << error;
  GLuint feedback = 0;
  glGenBuffers(1, &feedback);
  glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, feedback);
  glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, n * 7 * sizeof(float), nullptr, GL_STATIC_READ);
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, feedback);

  render::PaletteBuffer palette_buffer;
  EXPECT_TRUE(palette_buffer.Upload(palette, method, &error)) << error;
  palette_buffer.Bind(1);
  render::GpuMorphTargets morph;
  EXPECT_TRUE(morph.Upload(p, &error)) << error;
  morph.Bind(morph_weights, 2, 3);
  glUseProgram(program);
  glUniform1i(glGetUniformLocation(program, "u_morph_offsets"), 2);
  glUniform1i(glGetUniformLocation(program, "u_morph_weights"), 3);
  glUniform1i(glGetUniformLocation(program, "u_morph_targets"),
              morph_weights.empty() ? 0 : morph.TargetCount());
  glUniform1i(glGetUniformLocation(program, "u_morph_vertices"), morph.VertexCount());
  glUniform1i(glGetUniformLocation(program, "u_palette"), 1);
  glUniform1i(glGetUniformLocation(program, "u_skinned"), 1);
  glUniform1i(glGetUniformLocation(program, "u_dual_quaternion"),
              method == SkinningMethod::kDualQuaternion ? 1 : 0);
  glUniformMatrix4fv(glGetUniformLocation(program, "u_world"), 1, GL_FALSE, glm::value_ptr(world));
  const glm::mat4 identity(1.0f);
  glUniformMatrix4fv(glGetUniformLocation(program, "u_view_projection"), 1, GL_FALSE,
                     glm::value_ptr(identity));
  glEnable(GL_RASTERIZER_DISCARD);
  glBeginTransformFeedback(GL_POINTS);
  mesh.DrawVerticesAsPoints();
  glEndTransformFeedback();
  glDisable(GL_RASTERIZER_DISCARD);
  std::vector<Captured> out(static_cast<std::size_t>(n));
  std::vector<float> raw(static_cast<std::size_t>(n) * 7);
  glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, raw.size() * sizeof(float), raw.data());
  for (std::size_t v = 0; v < out.size(); ++v) {
    const float* f = &raw[v * 7];
    out[v] = {glm::vec4(f[0], f[1], f[2], f[3]), glm::vec3(f[4], f[5], f[6])};
  }
  glDeleteBuffers(1, &feedback);
  glUseProgram(0);
  return out;
}

using DualQuaternionShaderTest = render_test::GlTest;

// Five (or `joints`) joints with random rotations (so influences often sit in opposite
// hemispheres), translations and non-uniform scales.
std::vector<glm::mat4> RandomPalette(std::mt19937& rng, int joints = 5) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::uniform_real_distribution<float> scale(0.5f, 2.0f);
  std::normal_distribution<float> gauss(0.0f, 1.0f);
  std::vector<glm::mat4> palette;
  for (int j = 0; j < joints; ++j) {
    const glm::quat q = glm::normalize(glm::quat(gauss(rng), gauss(rng), gauss(rng), gauss(rng)));
    palette.push_back(glm::translate(glm::mat4(1.0f), glm::vec3(u(rng), u(rng), u(rng))) *
                      glm::mat4_cast(q) *
                      glm::scale(glm::mat4(1.0f), glm::vec3(scale(rng), scale(rng), scale(rng))));
  }
  return palette;
}

// A random position in the unit cube and a random unit normal.
void AddRandomVertex(std::mt19937& rng, anim::MeshPrimitive* p) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  p->positions.emplace_back(u(rng), u(rng), u(rng));
  p->normals.push_back(glm::normalize(glm::vec3(u(rng), u(rng), u(rng)) + 1e-3f));
}

// 300 random vertices, each weighted over four of the five joints.
anim::MeshPrimitive RandomMesh(std::mt19937& rng) {
  std::uniform_real_distribution<float> scale(0.5f, 2.0f);
  anim::MeshPrimitive p;
  for (int v = 0; v < 300; ++v) {
    AddRandomVertex(rng, &p);
    p.joints.emplace_back(v % 5, (v + 1) % 5, (v + 3) % 5, (v + 4) % 5);
    glm::vec4 w(0.1f + scale(rng), 0.1f + scale(rng), scale(rng) - 0.5f, scale(rng) - 0.5f);
    p.weights.push_back(w / (w.x + w.y + w.z + w.w));
  }
  return p;
}

// 300 random vertices over eight joints, with five to eight influences each
// (glTF's JOINTS_1/WEIGHTS_1), the heaviest four first as the importer
// stores them.
anim::MeshPrimitive RandomEightInfluenceMesh(std::mt19937& rng) {
  std::uniform_real_distribution<float> share(0.05f, 1.0f);
  anim::MeshPrimitive p;
  for (int v = 0; v < 300; ++v) {
    AddRandomVertex(rng, &p);
    const int used = 5 + v % 4;
    float w[8] = {};
    float sum = 0.0f;
    for (int k = 0; k < used; ++k) sum += (w[k] = share(rng));
    std::sort(w, w + used, std::greater<float>());
    glm::u16vec4 j0, j1;
    glm::vec4 w0, w1;
    for (int k = 0; k < 4; ++k) {
      j0[k] = static_cast<std::uint16_t>((v + k) % 8);
      j1[k] = static_cast<std::uint16_t>((v + 4 + k) % 8);
      w0[k] = w[k] / sum;
      w1[k] = w[4 + k] / sum;
    }
    p.joints.push_back(j0);
    p.weights.push_back(w0);
    p.joints1.push_back(j1);
    p.weights1.push_back(w1);
  }
  return p;
}

// Both skinning methods through the shader against the CPU reference.
void ExpectShaderMatchesCpu(const anim::MeshPrimitive& p, const std::vector<glm::mat4>& palette,
                            std::span<const float> morph_weights) {
  const glm::mat4 world = glm::rotate(
      glm::translate(glm::mat4(1.0f), glm::vec3(0.5f, -0.25f, 2.0f)), 0.6f, glm::vec3(0, 1, 0));
  // Nothing is rasterised, but a draw needs a complete framebuffer bound
  // (the headless context has no default one).
  render::OffscreenTarget target;
  std::string error;
  ASSERT_TRUE(target.Create(4, 4, 1, &error)) << error;
  target.Bind();
  const GLuint program = CaptureProgram();
  for (const SkinningMethod method :
       {SkinningMethod::kDualQuaternion, SkinningMethod::kLinearBlend}) {
    std::vector<render::SkinnedVertex> expected(p.positions.size());
    std::vector<anim::DualQuaternionJoint> scratch;
    render::SkinPrimitiveWith(method, p, palette, &scratch, expected, morph_weights);
    const std::vector<Captured> gpu = RunShader(program, p, palette, method, world, morph_weights);
    ASSERT_EQ(gpu.size(), expected.size());
    for (std::size_t v = 0; v < gpu.size(); ++v) {
      const glm::vec3 position = glm::vec3(world * glm::vec4(expected[v].position, 1.0f));
      const glm::vec3 normal = glm::mat3(world) * expected[v].normal;
      EXPECT_LT(glm::length(glm::vec3(gpu[v].position) - position), 1e-4f)
          << anim::SkinningMethodName(method) << " vertex " << v;
      EXPECT_NEAR(gpu[v].position.w, 1.0f, 1e-6f);
      EXPECT_LT(glm::length(gpu[v].normal - normal), 1e-4f * (1.0f + glm::length(normal)))
          << anim::SkinningMethodName(method) << " normal " << v;
    }
  }
  glDeleteProgram(program);
}

TEST_F(DualQuaternionShaderTest, ShaderSkinsLikeTheCpuReference) {
  std::mt19937 rng(5);
  const std::vector<glm::mat4> palette = RandomPalette(rng);
  ExpectShaderMatchesCpu(RandomMesh(rng), palette, {});
}

// Morph targets first, then either skinning: six random targets (positions
// and normals; one without normals) at weights below 0, above 1 and 0.
TEST_F(DualQuaternionShaderTest, MorphTargetsBeforeSkinningLikeTheCpuReference) {
  std::mt19937 rng(11);
  const std::vector<glm::mat4> palette = RandomPalette(rng);
  anim::MeshPrimitive p = RandomMesh(rng);
  std::uniform_real_distribution<float> u(-0.3f, 0.3f);
  for (int t = 0; t < 6; ++t) {
    anim::MorphTarget target;
    for (std::size_t v = 0; v < p.positions.size(); ++v) {
      target.positions.emplace_back(u(rng), u(rng), u(rng));
      if (t != 4) target.normals.emplace_back(u(rng), u(rng), u(rng));
    }
    p.morph_targets.push_back(std::move(target));
  }
  const std::vector<float> weights = {0.5f, -0.75f, 1.5f, 0.0f, 1.0f, 0.25f};
  ExpectShaderMatchesCpu(p, palette, weights);
  // The weights matter: the same mesh without them lands elsewhere.
  std::vector<render::SkinnedVertex> morphed(p.positions.size()), plain(p.positions.size());
  render::SkinPrimitive(p, palette, morphed, weights);
  render::SkinPrimitive(p, palette, plain);
  EXPECT_GT(glm::length(morphed[0].position - plain[0].position), 1e-3f);
}

// Eight influences (JOINTS_1/WEIGHTS_1) through either skinning, uploaded as
// the viewer uploads them; the second set moves the vertices.
TEST_F(DualQuaternionShaderTest, EightInfluencesLikeTheCpuReference) {
  std::mt19937 rng(17);
  const std::vector<glm::mat4> palette = RandomPalette(rng, 8);
  const anim::MeshPrimitive p = RandomEightInfluenceMesh(rng);
  ExpectShaderMatchesCpu(p, palette, {});
  anim::MeshPrimitive four = p;
  four.joints1.clear();
  four.weights1.clear();
  std::vector<render::SkinnedVertex> eight_skinned(p.positions.size()),
      four_skinned(p.positions.size());
  render::SkinPrimitive(p, palette, eight_skinned);
  render::SkinPrimitive(four, palette, four_skinned);
  EXPECT_GT(glm::length(eight_skinned[0].position - four_skinned[0].position), 1e-3f);
}

}  // namespace
