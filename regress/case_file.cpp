#include "regress/case_file.h"

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

namespace regress {

namespace {

std::string Trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  const auto e = s.find_last_not_of(" \t\r");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

bool ValidName(const std::string& name) {
  if (name.empty()) return false;
  for (const char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '-' || c == '.';
    if (!ok) return false;
  }
  return name != "." && name != "..";
}

// A number that is all of `text`, finite and not negative.
bool ParseNumber(const std::string& text, double* value) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !(v >= 0.0) || v > 1e30) return false;
  *value = v;
  return true;
}

bool ParseOverrides(const std::string& text, Tolerances* t, std::string* problem) {
  std::vector<std::string> items;
  if (!SplitArguments(text, &items, problem)) return false;
  for (const std::string& item : items) {
    const auto eq = item.find('=');
    const std::string key = item.substr(0, eq),
                      value = eq == std::string::npos ? "" : item.substr(eq + 1);
    double v = 0.0;
    if (eq == std::string::npos || !ParseNumber(value, &v)) {
      *problem = "override '" + item + "' is not KEY=NUMBER (a number at least 0)";
      return false;
    }
    if (key == "image_budget") {
      t->image_budget = v;
    } else if (key == "channel_threshold" && v <= 255.0 && v == static_cast<int>(v)) {
      t->channel_threshold = static_cast<int>(v);
    } else if (key == "pose_tolerance") {
      t->pose_tolerance = v;
    } else if (key == "axis_tolerance") {
      t->axis_tolerance = v;
    } else if (key == "shift_tolerant" && (v == 0.0 || v == 1.0)) {
      t->shift_tolerant = v == 1.0;
    } else {
      *problem = "unknown override '" + item +
                 "' (image_budget, channel_threshold 0-255, pose_tolerance, axis_tolerance, "
                 "shift_tolerant 0 or 1)";
      return false;
    }
  }
  return true;
}

}  // namespace

bool SplitArguments(const std::string& text, std::vector<std::string>* args, std::string* error) {
  std::string current;
  bool in_word = false;
  char quote = 0;
  for (const char c : text) {
    if (quote != 0) {
      if (c == quote) {
        quote = 0;
      } else {
        current += c;
      }
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
    } else if (c == ' ' || c == '\t') {
      if (in_word) args->push_back(current);
      current.clear();
      in_word = false;
    } else {
      current += c;
      in_word = true;
    }
  }
  if (quote != 0) {
    *error = std::string("unclosed ") + quote;
    return false;
  }
  if (in_word) args->push_back(current);
  return true;
}

bool NameMatches(const std::string& pattern, const std::string& name) {
  // Iterative glob with one backtrack point (the last '*').
  std::size_t p = 0, n = 0, star = std::string::npos, resume = 0;
  while (n < name.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == name[n])) {
      ++p, ++n;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      resume = n;
    } else if (star != std::string::npos) {
      p = star + 1;
      n = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

bool ParseCaseText(const std::string& text, const std::string& path, std::vector<Case>* cases,
                   std::string* error) {
  std::istringstream in(text);
  std::string line;
  std::set<std::string> names;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string trimmed = Trim(line);
    if (trimmed.empty() || trimmed[0] == '#') continue;
    const auto fail = [&](const std::string& problem) {
      *error = path + ":" + std::to_string(number) + ": " + problem;
      return false;
    };
    std::vector<std::string> fields;
    std::size_t start = 0;
    for (std::size_t bar; (bar = trimmed.find('|', start)) != std::string::npos; start = bar + 1) {
      fields.push_back(Trim(trimmed.substr(start, bar - start)));
    }
    fields.push_back(Trim(trimmed.substr(start)));
    if (fields.size() < 3 || fields.size() > 4) {
      return fail("expected 'name | model | arguments [| overrides]', found " +
                  std::to_string(fields.size()) + " field" + (fields.size() == 1 ? "" : "s"));
    }
    Case c;
    c.name = fields[0];
    c.model = fields[1];
    c.line = number;
    if (!ValidName(c.name)) {
      return fail("case name '" + c.name + "' may hold only letters, digits, '_', '-' and '.'");
    }
    if (!names.insert(c.name).second) return fail("case '" + c.name + "' is named twice");
    if (c.model.empty()) return fail("case '" + c.name + "' names no model");
    std::string problem;
    if (!SplitArguments(fields[2], &c.args, &problem)) {
      return fail("case '" + c.name + "': arguments: " + problem);
    }
    if (fields.size() == 4 && !ParseOverrides(fields[3], &c.tolerances, &problem)) {
      return fail("case '" + c.name + "': " + problem);
    }
    cases->push_back(std::move(c));
  }
  return true;
}

bool ParseCaseFile(const std::string& path, std::vector<Case>* cases, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *error = path + ": cannot read the case file";
    return false;
  }
  std::stringstream text;
  text << in.rdbuf();
  return ParseCaseText(text.str(), path, cases, error);
}

}  // namespace regress
