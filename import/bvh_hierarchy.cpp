#include "import/bvh_hierarchy.h"

#include <algorithm>
#include <array>

#include "import/bvh_limits.h"

namespace anim::bvh {
namespace {

constexpr std::array<std::string_view, 6> kChannelNames = {"Xposition", "Yposition", "Zposition",
                                                           "Xrotation", "Yrotation", "Zrotation"};

// Reads one joint's hierarchy into `out`; `open` is the stack of joints
// whose '}' has not been read yet.
class HierarchyReader {
 public:
  HierarchyReader(Scanner& scanner, Hierarchy& out) : scanner_(scanner), out_(out) {}

  // From the name after ROOT to the root's closing brace.
  void ReadTree() {
    OpenNamed(-1);
    while (!open_.empty()) {
      const Word word = scanner_.Expect("'}'");
      if (word.text == "OFFSET") {
        ReadOffset(word);
      } else if (word.text == "CHANNELS") {
        ReadChannels(word);
      } else if (word.text == "JOINT") {
        if (Current().end_site) Refuse(word, "an End Site has no child joints");
        OpenNamed(open_.back());
      } else if (word.text == "End") {
        if (Current().end_site) Refuse(word, "an End Site has no End Site");
        scanner_.ExpectKeyword("Site");
        // Kept as a leaf joint "<parent>_End": it gives the last bone of each
        // chain (head, hands, toes) its length, so the source character
        // draws whole and a mapping file can name the tip.
        Open({Current().name + "_End", word.line}, open_.back(), true, false);
      } else if (word.text == "}") {
        if (!offset_seen_.back()) Refuse(word, "joint '" + Current().name + "' has no OFFSET");
        open_.pop_back();
        offset_seen_.pop_back();
      } else {
        Refuse(word, "unexpected " + Quoted(word.text) + " in joint '" + Current().name + "'");
      }
    }
  }

 private:
  [[noreturn]] static void Refuse(const Word& word, const std::string& problem) {
    throw BvhError(word.line, problem);
  }

  Joint& Current() { return out_.joints[static_cast<std::size_t>(open_.back())]; }

  // A ROOT or JOINT: its name is the rest of the line (names may hold
  // spaces), less a '{' some exporters put on the same line.
  void OpenNamed(int parent) {
    Word name = scanner_.RestOfLine();
    const bool brace = !name.text.empty() && name.text.back() == '{';
    if (brace) {
      name.text.remove_suffix(1);
      while (!name.text.empty() && (name.text.back() == ' ' || name.text.back() == '\t')) {
        name.text.remove_suffix(1);
      }
    }
    Open(name, parent, false, brace);
  }

  void Open(const Word& name, int parent, bool end_site, bool brace_read) {
    if (name.text.empty()) Refuse(name, "a joint without a name");
    if (out_.joints.size() >= kMaxJoints) {
      Refuse(name, "more than " + std::to_string(kMaxJoints) + " joints");
    }
    Joint joint;
    joint.name = std::string(name.text);
    joint.parent = parent;
    joint.line = name.line;
    joint.end_site = end_site;
    out_.joints.push_back(std::move(joint));
    open_.push_back(static_cast<int>(out_.joints.size() - 1));
    offset_seen_.push_back(false);
    if (!brace_read) scanner_.ExpectKeyword("{");
  }

  void ReadOffset(const Word& word) {
    if (offset_seen_.back()) Refuse(word, "joint '" + Current().name + "' has a second OFFSET");
    offset_seen_.back() = true;
    for (int axis = 0; axis < 3; ++axis) {
      Current().offset[axis] = ParseFloat(scanner_.Expect("an OFFSET number"), "OFFSET");
    }
  }

  void ReadChannels(const Word& word) {
    Joint& joint = Current();
    if (joint.end_site) Refuse(word, "an End Site has no CHANNELS");
    if (!joint.channels.empty()) Refuse(word, "joint '" + joint.name + "' has a second CHANNELS");
    const std::size_t count =
        ParseCount(scanner_.Expect("the CHANNELS count"), "CHANNELS count", kChannelNames.size());
    for (std::size_t i = 0; i < count; ++i) {
      const Word name = scanner_.Expect("a channel name");
      const auto found = std::find(kChannelNames.begin(), kChannelNames.end(), name.text);
      if (found == kChannelNames.end()) {
        Refuse(name, Quoted(name.text) + " is not a channel (Xposition ... Zrotation)");
      }
      const auto channel = static_cast<Channel>(found - kChannelNames.begin());
      if (std::find(joint.channels.begin(), joint.channels.end(), channel) !=
          joint.channels.end()) {
        Refuse(name, "joint '" + joint.name + "' lists " + std::string(name.text) + " twice");
      }
      joint.channels.push_back(channel);
    }
    out_.channel_count += count;
  }

  Scanner& scanner_;
  Hierarchy& out_;
  std::vector<int> open_;          // joints whose '}' is still to come, innermost last
  std::vector<bool> offset_seen_;  // per open joint
};

}  // namespace

Hierarchy ReadHierarchy(Scanner& scanner) {
  Hierarchy hierarchy;
  scanner.ExpectKeyword("HIERARCHY");
  HierarchyReader reader(scanner, hierarchy);
  for (;;) {
    const Word word = scanner.Expect("ROOT or MOTION");
    if (word.text == "MOTION") break;
    if (word.text != "ROOT") {
      throw BvhError(word.line, "expected ROOT or MOTION, found " + Quoted(word.text));
    }
    reader.ReadTree();
  }
  if (hierarchy.joints.empty()) throw BvhError(scanner.Line(), "MOTION before any ROOT");
  return hierarchy;
}

}  // namespace anim::bvh
