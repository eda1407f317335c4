// The wording of the jobs' Validate() messages, kept in one place so every
// job names a field and its sizes the same way.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace anim::job_messages {

// "<field> is null".
std::string Null(std::string_view field);

// "<field> has <count> <unit>, <reference> <joints> joints", e.g. "output has
// 40 matrices, the skeleton 41 joints".
std::string CountMismatch(std::string_view field, std::size_t count, std::string_view unit,
                          std::string_view reference, int joints);

// "<field> is the same pose as <other> (<why>)": an output that would be
// overwritten while the kernel still reads it.
std::string Aliases(std::string_view field, std::string_view other, std::string_view why);

// "<field>[<index>]" and "<field>[<index>].<member>", for spans of entries.
std::string Indexed(std::string_view field, std::size_t index);
std::string Indexed(std::string_view field, std::size_t index, std::string_view member);

}  // namespace anim::job_messages
