// Every kind of error a description can have: each must fail with a message
// that starts with the file name and names the offending item exactly.
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>

#include <gtest/gtest.h>

#include "anim/control/blend_space_1d.h"
#include "anim/control/blend_space_2d.h"
#include "graph_description_test_util.h"

namespace {

using graph_test::Mannequin;

// A small valid description; each case below changes one thing in it.
constexpr const char* kBase = R"({
  "parameters": [
    {"name": "speed", "type": "float", "default": 0},
    {"name": "jump", "type": "trigger"},
    {"name": "grounded", "type": "bool", "default": true}
  ],
  "nodes": {
    "idle": {"type": "clip", "clip": "Idle"},
    "walk": {"type": "clip", "clip": "Walk", "rate": 1.0},
    "move": {"type": "blend_space_1d", "x": "speed",
             "inputs": [{"node": "idle", "position": 0}, {"node": "walk", "position": "speed"}]},
    "jump": {"type": "clip", "clip": "Jump", "loop": "clamp"},
    "fsm": {"type": "state_machine", "default": "ground",
            "states": [{"name": "ground", "node": "move"}, {"name": "air", "node": "jump"}],
            "transitions": [{"from": "ground", "to": "air", "when": ["jump"]},
                            {"from": "air", "to": "ground", "when": ["grounded"], "exit_window": [0.9, 1]}]}
  },
  "root": "fsm"
})";

std::string Replace(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << "the base has no '" << from << "'";
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

std::string ErrorOf(const std::string& text) {
  std::string error;
  auto graph = anim::LoadAnimationGraphFromText(text, "test.json", Mannequin(), &error);
  EXPECT_EQ(graph, nullptr) << "loaded although broken";
  EXPECT_EQ(error.rfind("test.json: ", 0), 0u) << error;
  return error;
}

// Fails the test unless loading `text` fails with every fragment in its message.
void ExpectError(const std::string& text, std::initializer_list<std::string> fragments) {
  const std::string error = ErrorOf(text);
  for (const std::string& f : fragments) {
    EXPECT_NE(error.find(f), std::string::npos) << "'" << f << "' not in: " << error;
  }
}

void ExpectChangeFails(const std::string& from, const std::string& to,
                       std::initializer_list<std::string> fragments) {
  SCOPED_TRACE(from + " -> " + to);
  ExpectError(Replace(kBase, from, to), fragments);
}

TEST(GraphDescriptionErrors, TheBaseLoads) {
  std::string error;
  EXPECT_NE(anim::LoadAnimationGraphFromText(kBase, "test.json", Mannequin(), &error), nullptr)
      << error;
}

TEST(GraphDescriptionErrors, MalformedJsonGivesTheBytePosition) {
  // Cut after `"root": "fsm"`: the closing brace is missing.
  const std::string text = kBase;
  const std::string cut = text.substr(0, text.rfind('}'));
  // nlohmann counts the end of input as one more byte read.
  ExpectError(
      cut, {"malformed JSON at byte " + std::to_string(cut.size() + 1), "unexpected end of input"});
  ExpectError(Replace(kBase, R"("loop": "clamp")", R"("loop": clamp)"),
              {"malformed JSON at byte", "invalid literal"});
  ExpectError(std::string(kBase) + " x", {"malformed JSON", "end of input"});
  ExpectError("", {"malformed JSON at byte"});
  ExpectChangeFails(R"("rate": 1.0)", R"("rate": 1e400)", {"malformed JSON", "1e400"});
}

TEST(GraphDescriptionErrors, NestingIsLimited) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  ExpectError(deep, {"nests arrays/objects more than 64 levels"});
  ExpectChangeFails(
      R"("rate": 1.0)",
      R"("comment": )" + std::string(70, '[') + std::string(70, ']') + R"(, "rate": 1.0)",
      {"more than 64 levels", "nodes.walk.comment"});
}

TEST(GraphDescriptionErrors, UnknownClipListsTheModelsClips) {
  ExpectChangeFails(
      R"("clip": "Walk")", R"("clip": "Wlak")",
      {"node 'walk': clip: unknown clip 'Wlak'", "Idle, Walk, Run, Punch, Jump, Lean_Left, Look"});
}

TEST(GraphDescriptionErrors, UnknownParameter) {
  ExpectChangeFails(R"("x": "speed")", R"("x": "sped")",
                    {"node 'move': x: unknown parameter 'sped'", "speed, jump, grounded"});
  ExpectChangeFails(R"("when": ["jump"])", R"("when": ["jmp"])",
                    {"transitions[0]: when[0] 'jmp': unknown parameter 'jmp'"});
}

TEST(GraphDescriptionErrors, ParameterOfTheWrongType) {
  ExpectChangeFails(R"("x": "speed")", R"("x": "grounded")",
                    {"node 'move': x: parameter 'grounded' is a bool"});
  ExpectChangeFails(R"("rate": 1.0)", R"("rate": "jump")",
                    {"node 'walk': rate: parameter 'jump' is a trigger"});
  ExpectChangeFails(R"("when": ["jump"])", R"("when": ["speed"])",
                    {"when[0] 'speed'", "parameter 'speed' is a float"});
  ExpectChangeFails(R"("when": ["jump"])", R"("when": ["grounded > 0.5"])",
                    {"parameter 'grounded' is a bool", "only floats are compared"});
  ExpectChangeFails(R"("when": ["jump"])", R"("when": ["!jump"])",
                    {"trigger 'jump' cannot be negated"});
}

TEST(GraphDescriptionErrors, MalformedConditions) {
  ExpectChangeFails(R"("when": ["jump"])", R"("when": ["speed >> 1"])",
                    {"when[0] 'speed >> 1'", "expected a number after the operator"});
  ExpectChangeFails(R"("when": ["jump"])", R"("when": ["speed ~ 1"])",
                    {"expected one of > < >= <= == != after 'speed'"});
  ExpectChangeFails(R"("when": ["jump"])", R"("when": ["speed > 1e50"])", {"1e50 is out of range"});
  ExpectChangeFails(R"("when": ["jump"])", R"("when": ["  "])", {"empty condition"});
  ExpectChangeFails(R"("when": ["jump"])", R"("when": ["> 1"])", {"expected a parameter name"});
  ExpectChangeFails(R"("when": ["jump"])", R"("when": ["!speed > 1"])",
                    {"'!' goes with a bool parameter alone"});
  ExpectChangeFails(R"("when": ["jump"])", R"("when": [3])",
                    {"transitions[0]: when[0]: expected a string, got a number"});
}

TEST(GraphDescriptionErrors, UnknownState) {
  ExpectChangeFails(R"("to": "air")", R"("to": "ari")",
                    {"node 'fsm': transitions[0]: to: unknown state 'ari'", "ground, air"});
  ExpectChangeFails(R"("from": "air")", R"("from": "sky")",
                    {"transitions[1]: from: unknown state 'sky'", "\"*\" for any state"});
  ExpectChangeFails(R"("default": "ground")", R"("default": "floor")",
                    {"node 'fsm': default: unknown state 'floor'"});
  ExpectChangeFails(R"("to": "air")", R"("to": "*")", {"to: unknown state '*'"});
}

TEST(GraphDescriptionErrors, UnknownJoint) {
  ExpectChangeFails(R"("rate": 1.0)", R"("rate": 1.0, "root_motion": true, "root_joint": "Hip")",
                    {"node 'walk': root_joint: unknown joint 'Hip'", "Hips, Spine, LeftUpLeg"});
  const std::string feather = Replace(
      Replace(kBase, R"("root": "fsm")", R"("root": "upper")"), R"("fsm": {)",
      R"("upper": {"type": "feather_blend", "base": "fsm", "over": "punch", "mask": {"root": "Spin"}},
         "punch": {"type": "clip", "clip": "Punch"}, "fsm": {)");
  ExpectError(feather, {"node 'upper': mask: root: unknown joint 'Spin'"});
  ExpectError(
      Replace(feather, R"({"root": "Spin"})", R"({"weights": {"Hips": 1, "LeftArmm": 0.5}})"),
      {"node 'upper': mask: weights: unknown joint 'LeftArmm'"});
  ExpectError(Replace(feather, R"({"root": "Spin"})", R"({"root": "Spine", "weights": {}})"),
              {"node 'upper': mask: needs exactly one of 'root'"});
}

TEST(GraphDescriptionErrors, UnknownNodeReference) {
  ExpectChangeFails(R"({"node": "walk", "position": "speed"})",
                    R"({"node": "wlak", "position": 1})",
                    {"node 'move': inputs[1]: node: unknown node 'wlak'", "idle, walk, move"});
  ExpectChangeFails(R"("root": "fsm")", R"("root": "fms")",
                    {"top level: root: unknown node 'fms'"});
  ExpectChangeFails(R"({"name": "air", "node": "jump"})", R"({"name": "air", "node": "jmup"})",
                    {"node 'fsm': state 'air': node: unknown node 'jmup'"});
}

TEST(GraphDescriptionErrors, ReferenceCycles) {
  ExpectChangeFails(R"({"name": "air", "node": "jump"})", R"({"name": "air", "node": "fsm"})",
                    {"cycle: fsm -> fsm"});
  ExpectChangeFails(R"("idle": {"type": "clip", "clip": "Idle"})",
                    R"("idle": {"type": "blend2", "inputs": ["fsm", "jump"], "weight": 0.5})",
                    {"cycle: fsm -> move -> idle -> fsm"});
  // A cycle among nodes nothing else uses is found too.
  ExpectChangeFails(R"("fsm": {)",
                    R"("a": {"type": "subtract", "source": "b", "reference": "c"},
                       "b": {"type": "additive", "base": "c2", "additive": "a", "reference": "difference"},
                       "c": {"type": "clip", "clip": "Run"}, "c2": {"type": "clip", "clip": "Run"},
                       "fsm": {)",
                    {"cycle: a -> b -> a"});
}

TEST(GraphDescriptionErrors, DuplicateNames) {
  ExpectChangeFails(
      R"("jump": {"type": "clip", "clip": "Jump", "loop": "clamp"})",
      R"("jump": {"type": "clip", "clip": "Jump"}, "walk": {"type": "clip", "clip": "Run"})",
      {"the key 'walk' appears twice in nodes"});
  ExpectChangeFails(R"({"name": "jump", "type": "trigger"})",
                    R"({"name": "speed", "type": "trigger"})",
                    {"two parameters are named 'speed'"});
  ExpectChangeFails(R"({"name": "air", "node": "jump"})", R"({"name": "ground", "node": "jump"})",
                    {"node 'fsm': two states are named 'ground'"});
  ExpectChangeFails(R"({"from": "ground", "to": "air", "when": ["jump"]})",
                    R"({"from": "ground", "to": "air", "to": "ground"})",
                    {"the key 'to' appears twice in nodes.fsm.transitions[0]"});
  ExpectChangeFails(R"("root": "fsm")",
                    R"("layers": [{"name": "a", "node": "fsm"}, {"name": "a", "node": "walk2"}])",
                    {"two layers are named 'a'"});
}

TEST(GraphDescriptionErrors, ANodeUsedTwice) {
  ExpectChangeFails(R"({"name": "air", "node": "jump"})", R"({"name": "air", "node": "walk"})",
                    {"node 'walk' is used twice", "node 'move' (inputs[1])",
                     "node 'fsm' (state 'air')", "one set of clocks"});
  ExpectChangeFails(R"("root": "fsm")",
                    R"("layers": [{"name": "a", "node": "fsm"}, {"name": "b", "node": "jump"}])",
                    {"node 'jump' is used twice", "layer 'b'"});
}

TEST(GraphDescriptionErrors, WrongJsonTypes) {
  ExpectError("[1, 2]", {"top level: expected an object, got an array"});
  ExpectChangeFails(
      R"("rate": 1.0)", R"("rate": [1])",
      {"node 'walk': rate: expected a number or a float parameter's name, got an array"});
  ExpectChangeFails(R"("loop": "clamp")", R"("loop": 2)",
                    {"node 'jump': loop: expected a string, got a number"});
  ExpectChangeFails(R"("type": "clip", "clip": "Idle")", R"("type": "clip", "clip": null)",
                    {"node 'idle': clip: expected a string, got null"});
  ExpectChangeFails(R"("exit_window": [0.9, 1])", R"("exit_window": {"begin": 0.9})",
                    {"transitions[1]: exit_window: expected an array, got an object"});
  ExpectChangeFails(R"("default": true)", R"("default": 1)",
                    {"parameter 'grounded': default: expected true or false, got a number"});
  ExpectChangeFails(R"("idle": {"type": "clip", "clip": "Idle"})", R"("idle": "Idle")",
                    {"node 'idle': expected an object, got a string"});
  ExpectChangeFails(R"("root": "fsm")", R"("root": 1)", {"top level: root: expected a string"});
  ExpectChangeFails(R"("type": "clip", "clip": "Idle")", R"("type": "clp", "clip": "Idle")",
                    {"node 'idle': type: unknown value 'clp'", "blend_space_1d"});
  ExpectChangeFails(R"("loop": "clamp")", R"("loop": "pingpong")",
                    {"loop: unknown value 'pingpong' (one of: loop, clamp, ping_pong)"});
  ExpectChangeFails(R"("rate": 1.0)", R"("rate": 1.0, "lop": "loop")",
                    {"node 'walk': unknown field 'lop'", "rate"});
}

TEST(GraphDescriptionErrors, MissingFields) {
  ExpectChangeFails(R"("type": "clip", "clip": "Idle")", R"("type": "clip")",
                    {"node 'idle': missing field 'clip'"});
  ExpectChangeFails(R"("type": "clip", "clip": "Idle")", R"("clip": "Idle")",
                    {"node 'idle': missing field 'type'"});
  ExpectChangeFails(R"("x": "speed",)", "", {"node 'move': missing field 'x'"});
  ExpectChangeFails(R"("root": "fsm")", R"("comment": "no output")",
                    {"needs exactly one of 'root'", "'layers'"});
  ExpectError(R"({"root": "a"})", {"top level: missing field 'nodes'"});
  ExpectChangeFails(R"({"name": "jump", "type": "trigger"})", R"({"name": "jump"})",
                    {"parameter 'jump': missing field 'type'"});
}

TEST(GraphDescriptionErrors, NumbersOutOfRange) {
  ExpectChangeFails(R"("rate": 1.0)", R"("rate": 1000)",
                    {"node 'walk': rate: 1000 is out of range [-100, 100]"});
  ExpectChangeFails(R"("exit_window": [0.9, 1])", R"("exit_window": [0.9, 1.5])",
                    {"transitions[1]: exit_window[1]: 1.5 is out of range [0, 1]"});
  ExpectChangeFails(R"("exit_window": [0.9, 1])", R"("exit_window": [0.9, 0.2])",
                    {"exit_window: begins after it ends"});
  ExpectChangeFails(R"("when": ["jump"])", R"("when": ["jump"], "duration": -0.1)",
                    {"transitions[0]: duration: -0.1 is out of range"});
  ExpectChangeFails(R"("default": 0})", R"("default": -3e38})",
                    {"parameter 'speed': default: -3e+38 is out of range"});
  ExpectChangeFails(R"({"node": "idle", "position": 0})", R"({"node": "idle", "position": 1e30})",
                    {"node 'move': inputs[0]: position: 1e+30 is out of range"});
  const std::string feather = Replace(
      Replace(kBase, R"("root": "fsm")", R"("root": "upper")"), R"("fsm": {)",
      R"("upper": {"type": "feather_blend", "base": "fsm", "over": "punch", "mask": {"root": "Spine", "falloff": 18446744073709551616}},
         "punch": {"type": "clip", "clip": "Punch"}, "fsm": {)");
  ExpectError(feather, {"mask: falloff: expected a whole number, got a number"});
  ExpectError(Replace(feather, "18446744073709551616", "99999999999"),
              {"mask: falloff: 99999999999 is out of range [0, 1000]"});
  ExpectError(Replace(feather, "18446744073709551616", "-1"), {"falloff: -1 is out of range"});
  ExpectError(Replace(Replace(feather, "18446744073709551616", "1"), R"("mask")",
                      R"("weight": 1.5, "mask")"),
              {"node 'upper': weight: 1.5 is out of range [0, 1]"});
}

TEST(GraphDescriptionErrors, BlendSpacesWithDuplicatePositions) {
  std::string expected;
  anim::BlendSpace1D space;
  const float positions[] = {1.4f, 1.4f};
  ASSERT_FALSE(space.Build(positions, &expected));
  ExpectChangeFails(R"({"node": "idle", "position": 0})", R"({"node": "idle", "position": 1.4})",
                    {"node 'move': " + expected});

  std::string expected2d;
  anim::BlendSpace2D space2d;
  const glm::vec2 points[] = {{0, 0}, {1, 0}, {0, 0}};
  ASSERT_FALSE(space2d.Build(points, &expected2d));
  ExpectChangeFails(R"("fsm": {)",
                    R"("dir": {"type": "blend_space_2d", "x": "speed", "y": "speed",
                               "inputs": [{"node": "a", "position": [0, 0]}, {"node": "b", "position": [1, 0]},
                                          {"node": "c", "position": [0, 0]}]},
                       "a": {"type": "clip", "clip": "Run"}, "b": {"type": "clip", "clip": "Run"},
                       "c": {"type": "clip", "clip": "Run"}, "fsm": {)",
                    {"node 'dir': " + expected2d});
}

TEST(GraphDescriptionErrors, SpeedPositionsNeedAClipWithASpeed) {
  ExpectChangeFails(R"({"node": "idle", "position": 0})",
                    R"({"node": "idle", "position": "speed"})",
                    {"node 'move': inputs[0]: position: \"speed\": clip 'Idle' has no speed"});
  ExpectChangeFails(R"({"node": "idle", "position": 0})", R"({"node": "idle", "position": "fast"})",
                    {"position: expected a number or \"speed\""});
  ExpectError(Replace(Replace(kBase, R"({"node": "idle", "position": 0})",
                              R"({"node": "pair", "position": "speed"})"),
                      R"("fsm": {)",
                      R"("pair": {"type": "blend2", "inputs": ["r1", "r2"], "weight": 0.5},
                         "r1": {"type": "clip", "clip": "Run"}, "r2": {"type": "clip", "clip": "Run"},
                         "fsm": {)"),
              {"node 'move': inputs[0]: position: \"speed\" needs a clip node, but the input is a "
               "blend2 node"});
}

TEST(GraphDescriptionErrors, AdditiveReferencesNeedTheRightInput) {
  const std::string additive = Replace(
      Replace(kBase, R"("root": "fsm")", R"("root": "add")"), R"("fsm": {)",
      R"("add": {"type": "additive", "base": "fsm", "additive": "lean", "reference": "first_frame"},
         "lean": {"type": "blend2", "inputs": ["l1", "l2"], "weight": 0.5},
         "l1": {"type": "clip", "clip": "Lean_Left"}, "l2": {"type": "clip", "clip": "Look"}, "fsm": {)");
  ExpectError(additive,
              {"node 'add': reference: \"first_frame\" needs a clip node", "got a blend2 node"});
  ExpectError(Replace(additive, "first_frame", "difference"),
              {"node 'add': reference: \"difference\" needs a subtract node"});
  ExpectError(Replace(additive, R"(, "reference": "first_frame")", ""),
              {"node 'add': missing field 'reference'"});
}

TEST(GraphDescriptionErrors, LayerProblems) {
  ExpectChangeFails(
      R"("root": "fsm")",
      R"("layers": [{"name": "a", "node": "fsm", "additive": true, "reference": "first_frame"}])",
      {"layer 'a': reference: \"first_frame\" needs a clip node"});
  ExpectChangeFails(R"("root": "fsm")",
                    R"("layers": [{"name": "a", "node": "fsm", "reference": "first_frame"}])",
                    {"layer 'a': reference: only additive layers have a reference"});
  ExpectChangeFails(R"("root": "fsm")", R"("layers": [])", {"layers: 0 layers, expected 1 to 32"});
  ExpectChangeFails(R"("root": "fsm")", R"("layers": [{"node": "fsm"}])",
                    {"layers[0]: missing field 'name'"});
  ExpectChangeFails(R"("root": "fsm")", R"("root": "fsm", "layers": [])",
                    {"needs exactly one of 'root'"});
}

TEST(GraphDescriptionErrors, ParameterProblems) {
  ExpectChangeFails(R"({"name": "jump", "type": "trigger"})",
                    R"({"name": "jump", "type": "trigger", "default": true})",
                    {"parameter 'jump': default: a trigger has no default"});
  ExpectChangeFails(R"({"name": "jump", "type": "trigger"})",
                    R"({"name": "my jump", "type": "trigger"})",
                    {"parameters[1]: name: 'my jump' is not a valid parameter name"});
  ExpectChangeFails(R"({"name": "jump", "type": "trigger"})", R"({"name": "jump", "type": "int"})",
                    {"parameter 'jump': type: unknown value 'int' (one of: float, bool, trigger)"});
}

TEST(GraphDescriptionErrors, TransitionOptionProblems) {
  ExpectChangeFails(R"({"from": "ground", "to": "air", "when": ["jump"]})",
                    R"({"from": "ground", "to": "air", "when": ["jump"], "allow_self": true})",
                    {"transitions[0]: allow_self: only applies to transitions from \"*\""});
  ExpectChangeFails(R"({"from": "ground", "to": "air", "when": ["jump"]})",
                    R"({"from": "ground", "to": "air", "when": ["jump"], "ease": "bounce"})",
                    {"ease: unknown value 'bounce'", "ease_in_out"});
  ExpectChangeFails(R"({"from": "ground", "to": "air", "when": ["jump"]})",
                    R"({"from": "ground", "to": "air", "when": ["jump"], "interrupt": "always"})",
                    {"interrupt: unknown value 'always' (one of: none, source, destination)"});
  ExpectChangeFails(R"({"from": "ground", "to": "air", "when": ["jump"]})",
                    R"({"from": "ground", "to": "air", "match_phase": true, "start_phase": 0.5})",
                    {"start_phase: has no effect with \"match_phase\": true"});
  ExpectChangeFails(
      R"({"from": "ground", "to": "air", "when": ["jump"]})",
      R"({"from": "ground", "to": "air", "when": ["jump"], "mode": "inertia"})",
      {"transitions[0]: mode: unknown value 'inertia' (one of: smooth, frozen, inertial)"});
  ExpectChangeFails(
      R"({"from": "ground", "to": "air", "when": ["jump"]})",
      R"({"from": "ground", "to": "air", "when": ["jump"], "mode": "inertial", "ease": "linear"})",
      {"transitions[0]: ease: has no effect with \"mode\": \"inertial\""});
  ExpectChangeFails(R"({"from": "ground", "to": "air", "when": ["jump"]})",
                    R"({"from": "ground", "to": "air", "mode": "inertial", "interrupt": "source"})",
                    {"transitions[0]: interrupt: has no effect with \"mode\": \"inertial\""});
  ExpectError(Replace(Replace(kBase, R"("root": "fsm")", R"("root": "pick")"),
                      R"("jump": {"type": "clip", "clip": "Jump", "loop": "clamp"},)",
                      R"("jump": {"type": "clip", "clip": "Jump", "loop": "clamp"},
    "pick": {"type": "cross_fade", "inputs": ["fsm"], "selector": 0, "mode": "inertial",
             "ease": "linear"},)"),
              {"node 'pick': ease: has no effect with \"mode\": \"inertial\""});
}

TEST(GraphDescriptionErrors, MirrorProblems) {
  const std::string mirror =
      Replace(Replace(kBase, R"("root": "fsm")", R"("root": "m")"), R"("fsm": {)",
              R"("m": {"type": "mirror", "input": "fsm", "axis": "w"}, "fsm": {)");
  ExpectError(mirror, {"node 'm': axis: unknown value 'w' (one of: x, y, z)"});
  ExpectError(
      Replace(Replace(mirror, R"("input": "fsm")", R"("input": "walk")"), R"("w")", R"("x")"),
      {"node 'walk' is used twice", "node 'm' (input)"});
}

TEST(GraphDescriptionErrors, DeepNodeChainsAreRefused) {
  std::string nodes;
  for (int i = 0; i < 80; ++i) {
    nodes += "\"n" + std::to_string(i) + "\": {\"type\": \"blend2\", \"inputs\": [\"n" +
             std::to_string(i + 1) + "\", \"leaf" + std::to_string(i) +
             "\"], \"weight\": 0.5},\n\"leaf" + std::to_string(i) +
             "\": {\"type\": \"clip\", \"clip\": \"Idle\"},\n";
  }
  nodes += "\"n80\": {\"type\": \"clip\", \"clip\": \"Idle\"}";
  ExpectError("{\"nodes\": {" + nodes + "}, \"root\": \"n0\"}",
              {"nodes nest more than 64 levels deep (n0 -> n1 -> ... -> n63 -> n64)"});
}

TEST(GraphDescriptionErrors, SizesAreBounded) {
  std::string nodes;
  for (int i = 0; i <= anim::GraphLimits::kMaxNodes; ++i) {
    nodes += (i ? ",\"c" : "\"c") + std::to_string(i) + "\":{\"type\":\"clip\",\"clip\":\"Idle\"}";
  }
  ExpectError("{\"nodes\": {" + nodes + "}, \"root\": \"c0\"}",
              {"nodes: 1025 nodes, at most 1024 are accepted"});
  ExpectError(std::string(anim::GraphLimits::kMaxBytes + 1, ' '), {"bytes, at most"});
}

TEST(GraphDescriptionErrors, FilesThatCannotBeRead) {
  std::string error;
  EXPECT_EQ(anim::LoadAnimationGraph("/nonexistent/graph.json", Mannequin(), &error), nullptr);
  EXPECT_EQ(error.rfind("/nonexistent/graph.json: no such file", 0), 0u) << error;
  error.clear();
  EXPECT_EQ(anim::LoadAnimationGraph(std::string(ANIM_SOURCE_DIR) + "/assets", Mannequin(), &error),
            nullptr);
  EXPECT_EQ(error.rfind(std::string(ANIM_SOURCE_DIR) + "/assets: is a folder", 0), 0u) << error;
  // A FIFO would block the read until a writer came: refused before opening
  // for reading could wait.
  const std::string fifo =
      (std::filesystem::temp_directory_path() / ("graph_fifo_" + std::to_string(::getpid())))
          .string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(anim::LoadAnimationGraph(fifo, Mannequin(), &error), nullptr);
  EXPECT_EQ(error, fifo + ": not a regular file");
  std::filesystem::remove(fifo);
  EXPECT_EQ(anim::LoadAnimationGraph("", Mannequin(), &error), nullptr);
  EXPECT_EQ(error, ": no file name given");
}

}  // namespace

namespace {

// nlohmann's callback parser rescanned the parent container at the end of
// every object and ordered_json searched an object's keys for each new key:
// both quadratic. 400,000 objects in one array and 100,000 keys in one
// object took minutes that way; parsed linearly they take a second or two
// on a loaded machine, and the duplicate-key check still works at that size.
TEST(GraphDescriptionErrors, LargeDocumentsParseInLinearTime) {
  std::string objects, keys;
  for (int i = 0; i < 400000; ++i) objects += i ? ",{\"a\":1}" : "{\"a\":1}";
  for (int i = 0; i < 100000; ++i) keys += (i ? ",\"k" : "\"k") + std::to_string(i) + "\":0";
  const std::string text =
      "{\"objects\": [" + objects + "], \"keys\": {" + keys + "}, \"nodes\": {}}";
  ASSERT_LT(text.size(), anim::GraphLimits::kMaxBytes);
  std::string error;
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(anim::LoadAnimationGraphFromText(text, "big.json", Mannequin(), &error), nullptr);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 20.0);  // ~1 s on a loaded machine; quadratic parsing took minutes
  EXPECT_EQ(error.rfind("big.json: ", 0), 0u) << error.substr(0, 300);

  const std::string twice = "{\"keys\": {" + keys + ",\"k99999\":1}, \"nodes\": {}}";
  EXPECT_EQ(anim::LoadAnimationGraphFromText(twice, "twice.json", Mannequin(), &error), nullptr);
  EXPECT_NE(error.find("the key 'k99999' appears twice in keys"), std::string::npos) << error;
}

}  // namespace
