// Internal to anim_import: the BVH file as words and lines, each with its
// line number, so that every refusal can say where the problem is. BVH is
// whitespace-separated words (HIERARCHY, ROOT, OFFSET, numbers...) except
// the motion rows, which are one frame a line.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace anim::bvh {

// A problem in the file at `line` (1-based; 0: the file as a whole).
class BvhError : public std::runtime_error {
 public:
  BvhError(int line, const std::string& problem) : std::runtime_error(problem), line_(line) {}
  int Line() const { return line_; }

 private:
  int line_;
};

struct Word {
  std::string_view text;  // empty at the end of the file
  int line = 0;
};

class Scanner {
 public:
  explicit Scanner(std::string_view text) : text_(text) {}

  // The next word; an empty one at the end of the file.
  Word Next();
  // The next word, or a BvhError saying the file ends before `what`.
  Word Expect(const char* what);
  // The next word, which must be `keyword` (a BvhError naming both if not).
  void ExpectKeyword(std::string_view keyword);
  // The rest of the current line, without surrounding blanks (a joint's
  // name may hold spaces).
  Word RestOfLine();
  // The next line holding something other than blanks, without its line
  // break; an empty Word at the end of the file.
  Word NextLine();
  // The line the next word would be read from (for "ends before" messages).
  int Line() const { return line_; }

 private:
  std::string_view text_;
  std::size_t at_ = 0;
  int line_ = 1;
};

// `word` as a finite float, else a BvhError at its line saying what it is
// (`what`: "OFFSET", "frame 3"...).
float ParseFloat(const Word& word, const std::string& what);
// `word` as a whole number of at most `max`, else a BvhError.
std::size_t ParseCount(const Word& word, const std::string& what, std::size_t max);

// "'abc'", cut to 40 characters: a word of the file quoted in a message.
std::string Quoted(std::string_view text);

}  // namespace anim::bvh
