#include "import/bvh_scanner.h"

#include <charconv>
#include <cmath>

namespace anim::bvh {
namespace {

bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

}  // namespace

Word Scanner::Next() {
  while (at_ < text_.size() && (IsBlank(text_[at_]) || text_[at_] == '\n')) {
    if (text_[at_] == '\n') ++line_;
    ++at_;
  }
  const std::size_t start = at_;
  while (at_ < text_.size() && !IsBlank(text_[at_]) && text_[at_] != '\n') ++at_;
  return {text_.substr(start, at_ - start), line_};
}

Word Scanner::Expect(const char* what) {
  const Word word = Next();
  if (word.text.empty()) {
    throw BvhError(line_, std::string("the file ends where ") + what + " should be");
  }
  return word;
}

void Scanner::ExpectKeyword(std::string_view keyword) {
  const std::string wanted(keyword);
  const Word word = Expect(wanted.c_str());
  if (word.text != keyword) {
    throw BvhError(word.line, "expected " + wanted + ", found " + Quoted(word.text));
  }
}

Word Scanner::RestOfLine() {
  while (at_ < text_.size() && IsBlank(text_[at_])) ++at_;
  const std::size_t start = at_;
  while (at_ < text_.size() && text_[at_] != '\n') ++at_;
  std::size_t end = at_;
  while (end > start && IsBlank(text_[end - 1])) --end;
  return {text_.substr(start, end - start), line_};
}

Word Scanner::NextLine() {
  while (at_ < text_.size()) {
    // Finish the current line first: NextLine after Next reads the line
    // below the word, never the word's own line again.
    Word line = RestOfLine();
    if (at_ < text_.size()) {  // at the '\n'
      ++at_;
      ++line_;
    }
    if (!line.text.empty()) return line;
  }
  return {{}, line_};
}

float ParseFloat(const Word& word, const std::string& what) {
  float value = 0.0f;
  const char* first = word.text.data();
  const char* last = first + word.text.size();
  // from_chars takes no leading '+'; some exporters write one.
  if (first != last && *first == '+') ++first;
  const auto [end, ec] = std::from_chars(first, last, value);
  if (ec == std::errc::result_out_of_range) {
    throw BvhError(word.line,
                   what + ": " + Quoted(word.text) + " is out of single-precision range");
  }
  if (ec != std::errc() || end != last) {
    throw BvhError(word.line, what + ": " + Quoted(word.text) + " is not a number");
  }
  if (!std::isfinite(value)) {
    throw BvhError(word.line, what + ": " + Quoted(word.text) + " is not a finite number");
  }
  return value;
}

std::size_t ParseCount(const Word& word, const std::string& what, std::size_t max) {
  std::size_t value = 0;
  const char* first = word.text.data();
  const char* last = first + word.text.size();
  const auto [end, ec] = std::from_chars(first, last, value);
  if (ec == std::errc::result_out_of_range || (ec == std::errc() && end == last && value > max)) {
    throw BvhError(word.line, what + " " + std::string(word.text.substr(0, 40)) + " is more than " +
                                  std::to_string(max));
  }
  if (ec != std::errc() || end != last) {
    throw BvhError(word.line, what + ": " + Quoted(word.text) + " is not a whole number");
  }
  return value;
}

std::string Quoted(std::string_view text) {
  constexpr std::size_t kShown = 40;
  if (text.size() <= kShown) return "'" + std::string(text) + "'";
  return "'" + std::string(text.substr(0, kShown)) + "...'";
}

}  // namespace anim::bvh
