#include "anim/core/rig_naming.h"

#include <array>
#include <cctype>
#include <utility>

namespace anim {

namespace {

bool IsUpper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }
bool IsLower(char c) { return std::islower(static_cast<unsigned char>(c)) != 0; }
bool IsAlpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool IsDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
char ToLower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }
char ToUpper(char c) { return static_cast<char>(std::toupper(static_cast<unsigned char>(c))); }

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = ToLower(c);
  return out;
}

bool StartsIgnoringCase(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (ToLower(s[i]) != ToLower(prefix[i])) return false;
  }
  return true;
}

// Length of `word` + digits + `after` at the start of `s` (case ignored),
// or 0: "Bip01 ", "Character1_".
std::size_t NumberedWord(std::string_view s, std::string_view word, char after) {
  if (!StartsIgnoringCase(s, word)) return 0;
  std::size_t i = word.size();
  while (i < s.size() && IsDigit(s[i])) ++i;
  return i > word.size() && i + 1 < s.size() && s[i] == after ? i + 1 : 0;
}

// Length of a Blender Rigify layer prefix ("DEF-", "ORG-", "MCH-") at the
// start of `s`, or 0: Rigify names the deform copy of "thigh.L"
// "DEF-thigh.L", and the prefix would otherwise hide the part from the stem
// ("defthigh" is no part; issue #59).
std::size_t RigifyLayer(std::string_view s) {
  for (std::string_view layer : {"def-", "org-", "mch-"}) {
    if (s.size() > layer.size() && StartsIgnoringCase(s, layer)) return layer.size();
  }
  return 0;
}

// Length of what comes before the joint's own name: a namespace
// ("mixamorig:", "mixamorig1:", "Armature|", up to the last ':' or '|'),
// 3ds Max's biped root word ("Bip01 ", "Bip001 ") or HumanIK's character
// ("Character1_"), which every joint of the rig repeats: they would hide
// the part's name from the stem and the " L " word's position.
std::size_t PrefixLength(std::string_view name) {
  const std::size_t sep = name.find_last_of(":|");
  const std::size_t at = sep == std::string_view::npos ? 0 : sep + 1;
  const std::string_view rest = name.substr(at);
  return at + NumberedWord(rest, "bip", ' ') + NumberedWord(rest, "character", '_') +
         RigifyLayer(rest);
}

// A word part starts at `at` of `s`: the name's start, after a separator or
// digit, or a capital after a lowercase letter (camel case: "ArmLeft").
bool StartsWordPart(std::string_view s, std::size_t at) {
  return at == 0 || !IsAlpha(s[at - 1]) || (IsUpper(s[at]) && IsLower(s[at - 1]));
}
// A word part ends before `end`: the name's end, a separator or digit, or a
// capital after a lowercase letter ("LfArm").
bool EndsWordPart(std::string_view s, std::size_t end) {
  return end == s.size() || !IsAlpha(s[end]) || (IsUpper(s[end]) && IsLower(s[end - 1]));
}

struct Marker {
  Side side = Side::kCenter;
  std::size_t at = 0;  // in the local name (after PrefixLength)
  std::size_t size = 0;
};

// Finds `left`/`right` (lowercase) in `lower` where `accept` allows; the
// earliest occurrence of either wins.
template <typename Accept>
Marker FindToken(std::string_view lower, std::string_view left, std::string_view right,
                 Accept accept) {
  Marker best;
  std::size_t best_at = std::string_view::npos;
  for (const auto& [token, side] : {std::pair{left, Side::kLeft}, std::pair{right, Side::kRight}}) {
    for (std::size_t at = lower.find(token); at != std::string_view::npos;
         at = lower.find(token, at + 1)) {
      if (at < best_at && accept(at, token.size())) {
        best = {side, at, token.size()};
        best_at = at;
        break;
      }
    }
  }
  return best;
}

Side LetterSide(char c) {
  if (c == 'L' || c == 'l') return Side::kLeft;
  if (c == 'R' || c == 'r') return Side::kRight;
  return Side::kCenter;
}

bool IsSeparator(char c) { return c == '_' || c == '.' || c == '-'; }

// The side marker of a local name (namespace and Bip01 removed), tried in
// the order rig_naming.h lists.
Marker FindMarker(std::string_view s) {
  const std::size_t n = s.size();
  const std::string lower = Lower(s);
  // "Left"/"Right" starting a word part, any case. A name that is nothing
  // but the word has no part to be the side of.
  if (Marker m = FindToken(
          lower, "left", "right",
          [&](std::size_t at, std::size_t size) { return size < n && StartsWordPart(s, at); });
      m.size > 0) {
    return m;
  }
  // "Lf"/"Rt" as a whole word part: both ends must be boundaries, else
  // "Shirt" or "Half" would read as sided.
  if (Marker m = FindToken(lower, "lf", "rt",
                           [&](std::size_t at, std::size_t size) {
                             return size < n && StartsWordPart(s, at) && EndsWordPart(s, at + size);
                           });
      m.size > 0) {
    return m;
  }
  // 3ds Max: " L " as a word ("Bip01 L Thigh" with Bip01 already taken off
  // starts "L Thigh"; other biped roots keep it inside).
  for (std::size_t at = 0; at + 2 < n; ++at) {
    const bool word_start = at == 0 || s[at - 1] == ' ';
    if (word_start && s[at + 1] == ' ' && LetterSide(s[at]) != Side::kCenter) {
      return {LetterSide(s[at]), at, 1};
    }
  }
  // Prefixes L_ R_ l_ r_ L. R. l. r.
  if (n > 2 && LetterSide(s[0]) != Side::kCenter && (s[1] == '_' || s[1] == '.')) {
    return {LetterSide(s[0]), 0, 1};
  }
  // A capital L/R first, then a capitalised word ("LArm", "RThigh",
  // "LUpperArm"): two capitals in a row start the name, and a person reads
  // the first as the side. Without this rule "LArm" read as a centre joint
  // named "larm" and "RThigh" as "rthigh" (issue #59). The third letter must
  // be lowercase so that acronyms ("LOD", "RGB") stay unsided.
  if (n > 2 && (s[0] == 'L' || s[0] == 'R') && IsUpper(s[1]) && IsLower(s[2])) {
    return {LetterSide(s[0]), 0, 1};
  }
  // Suffixes _L .L -L (either case), also before Blender's duplicate
  // number: "forearm.L.001".
  std::size_t end = n;
  {
    std::size_t i = n;
    while (i > 0 && IsDigit(s[i - 1])) --i;
    if (i < n && i > 0 && s[i - 1] == '.') end = i - 1;
  }
  for (std::size_t e : {n, end}) {
    if (e >= 3 && IsSeparator(s[e - 2]) && LetterSide(s[e - 1]) != Side::kCenter) {
      return {LetterSide(s[e - 1]), e - 1, 1};
    }
  }
  // A bare capital L/R last, after a lowercase letter or digit ("ArmL",
  // "Hand2L"): the capital is what tells it from "Ball" or "Pelvis".
  if (n >= 2 && (s[n - 1] == 'L' || s[n - 1] == 'R') && (IsLower(s[n - 2]) || IsDigit(s[n - 2]))) {
    return {LetterSide(s[n - 1]), n - 1, 1};
  }
  return {};
}

struct Synonym {
  std::string_view word;
  BodyPart part;
};

// Stems (lowercase, no separators, trailing digits removed) and the part
// they name. "hip" is the hips on the centre line and the thigh on a side
// (some rigs call the thigh joint LeftHip); ReadJointName handles it.
constexpr std::array<Synonym, 35> kSynonyms = {{
    {"hips", BodyPart::kHips},
    {"pelvis", BodyPart::kHips},
    {"spine", BodyPart::kSpine},
    {"abdomen", BodyPart::kSpine},
    {"chest", BodyPart::kChest},
    {"upperchest", BodyPart::kChest},
    {"torso", BodyPart::kChest},
    {"neck", BodyPart::kNeck},
    {"head", BodyPart::kHead},
    {"clavicle", BodyPart::kShoulder},
    {"shoulder", BodyPart::kShoulder},
    {"collar", BodyPart::kShoulder},
    {"collarbone", BodyPart::kShoulder},
    {"arm", BodyPart::kUpperArm},
    {"upperarm", BodyPart::kUpperArm},
    {"uparm", BodyPart::kUpperArm},
    {"humerus", BodyPart::kUpperArm},
    {"forearm", BodyPart::kLowerArm},
    {"lowerarm", BodyPart::kLowerArm},
    {"elbow", BodyPart::kLowerArm},
    {"hand", BodyPart::kHand},
    {"wrist", BodyPart::kHand},
    {"thigh", BodyPart::kUpperLeg},
    {"upleg", BodyPart::kUpperLeg},
    {"upperleg", BodyPart::kUpperLeg},
    {"leg", BodyPart::kLowerLeg},
    {"lowerleg", BodyPart::kLowerLeg},
    {"calf", BodyPart::kLowerLeg},
    {"shin", BodyPart::kLowerLeg},
    {"knee", BodyPart::kLowerLeg},
    {"foot", BodyPart::kFoot},
    {"ankle", BodyPart::kFoot},
    {"toe", BodyPart::kToe},
    {"toebase", BodyPart::kToe},
    {"ball", BodyPart::kToe},
}};

BodyPart PartOfStem(const std::string& stem, Side side) {
  std::size_t end = stem.size();
  while (end > 0 && IsDigit(stem[end - 1])) --end;
  const std::string_view core = std::string_view(stem).substr(0, end);
  if (core == "hip") return side == Side::kCenter ? BodyPart::kHips : BodyPart::kUpperLeg;
  if (core == "toes") return BodyPart::kToe;
  for (const Synonym& s : kSynonyms) {
    if (core == s.word) return s.part;
  }
  return BodyPart::kOther;
}

// "left" -> "right" with `like`'s case: all capitals, a leading capital, or
// all lowercase.
std::string WithCaseOf(std::string_view like, std::string_view lower_word) {
  std::string out(lower_word);
  bool all_upper = true;
  for (char c : like) all_upper = all_upper && !IsLower(c);
  if (all_upper) {
    for (char& c : out) c = ToUpper(c);
  } else if (IsUpper(like[0])) {
    out[0] = ToUpper(out[0]);
  }
  return out;
}

}  // namespace

JointNaming ReadJointName(std::string_view name) {
  JointNaming r;
  const std::size_t prefix = PrefixLength(name);
  const std::string_view local = name.substr(prefix);
  const Marker m = FindMarker(local);
  r.side = m.side;
  if (m.size > 0) {
    r.marker_at = prefix + m.at;
    r.marker_size = m.size;
  }
  for (std::size_t i = 0; i < local.size(); ++i) {
    if (m.size > 0 && i >= m.at && i < m.at + m.size) continue;
    if (IsAlpha(local[i]) || IsDigit(local[i])) r.stem += ToLower(local[i]);
  }
  r.part = PartOfStem(r.stem, r.side);
  return r;
}

std::string PartnerName(std::string_view name) {
  const JointNaming r = ReadJointName(name);
  if (r.marker_size == 0) return {};
  const std::string_view marker = name.substr(r.marker_at, r.marker_size);
  const std::string lower = Lower(marker);
  std::string_view other;
  if (lower == "left") other = "right";
  if (lower == "right") other = "left";
  if (lower == "lf") other = "rt";
  if (lower == "rt") other = "lf";
  if (lower == "l") other = "r";
  if (lower == "r") other = "l";
  std::string out(name);
  out.replace(r.marker_at, r.marker_size, WithCaseOf(marker, other));
  return out;
}

std::string PartName(BodyPart part, Side side) {
  static constexpr std::array<std::string_view, kBodyPartCount + 1> kNames = {
      "hips",      "spine", "chest",     "neck",      "head", "shoulder", "upper arm",
      "lower arm", "hand",  "upper leg", "lower leg", "foot", "toe",      "other"};
  std::string out;
  if (side == Side::kLeft) out = "left ";
  if (side == Side::kRight) out = "right ";
  return out + std::string(kNames[static_cast<int>(part)]);
}

RigMap::RigMap() {
  for (auto& sides : joint) {
    for (int& j : sides) j = -1;
  }
}

int RigMap::Find(BodyPart part, Side side) const {
  if (part == BodyPart::kOther) return -1;
  return joint[static_cast<int>(part)][static_cast<int>(side)];
}

RigMap ReadRig(const Skeleton& skeleton) {
  RigMap rig;
  const int n = skeleton.JointCount();
  std::vector<int> depth(n, 0);
  std::vector<BodyPart> parts(n, BodyPart::kOther);
  for (int j = 0; j < n; ++j) {
    const int parent = skeleton.Parent(j);
    depth[j] = parent < 0 ? 0 : depth[parent] + 1;
    const JointNaming r = ReadJointName(skeleton.JointName(j));
    parts[j] = r.part;
    if (r.part == BodyPart::kOther) continue;
    int& slot = rig.joint[static_cast<int>(r.part)][static_cast<int>(r.side)];
    // Nearest the root wins; on equal depth the first (lower index) stays.
    if (slot < 0 || depth[j] < depth[slot]) slot = j;
  }
  const auto center = [&](BodyPart p) -> int& {
    return rig.joint[static_cast<int>(p)][static_cast<int>(Side::kCenter)];
  };
  // Chest: the spine joint nearest above the neck, when the spine has more
  // than one joint (else the chest is the spine, and callers that want a
  // chest distinct from the spine should not get the same joint twice).
  const int neck = center(BodyPart::kNeck);
  if (center(BodyPart::kChest) < 0 && neck >= 0) {
    for (int a = skeleton.Parent(neck); a >= 0; a = skeleton.Parent(a)) {
      if (parts[a] == BodyPart::kSpine) {
        if (a != center(BodyPart::kSpine)) center(BodyPart::kChest) = a;
        break;
      }
    }
  }
  // Hips: a rig that names no hips still has the joint both legs hang from.
  const int left_leg = rig.Find(BodyPart::kUpperLeg, Side::kLeft);
  const int right_leg = rig.Find(BodyPart::kUpperLeg, Side::kRight);
  if (center(BodyPart::kHips) < 0 && left_leg >= 0 && right_leg >= 0 &&
      skeleton.Parent(left_leg) == skeleton.Parent(right_leg) && skeleton.Parent(left_leg) >= 0) {
    center(BodyPart::kHips) = skeleton.Parent(left_leg);
  }
  return rig;
}

std::vector<std::string> MissingParts(const RigMap& rig, std::initializer_list<PartOnSide> wanted) {
  std::vector<std::string> missing;
  for (const PartOnSide& w : wanted) {
    if (rig.Find(w.part, w.side) < 0) missing.push_back(PartName(w.part, w.side));
  }
  return missing;
}

std::string MissingPartsMessage(const RigMap& rig, std::initializer_list<PartOnSide> wanted) {
  const std::vector<std::string> missing = MissingParts(rig, wanted);
  if (missing.empty()) return {};
  std::string text = "the rig has no joint named as the ";
  for (std::size_t i = 0; i < missing.size(); ++i) text += (i > 0 ? ", " : "") + missing[i];
  return text;
}

}  // namespace anim
