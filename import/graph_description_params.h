// Internal to the graph description loader: parameter names and the tiny
// condition language of transitions ("jump", "!grounded", "speed > 0.1").
// Failures throw graph_json::DescriptionError naming `where`.
#pragma once

#include <string>
#include <string_view>

#include "anim/graph/parameters.h"
#include "anim/graph/state_machine.h"

namespace anim::graph_build {

// Parameter names are identifiers (letters, digits, _; no leading digit), so
// a condition such as "speed>=1" splits unambiguously.
bool IsIdentifier(std::string_view s);

// The id of parameter `name`; fails listing the parameters there are.
int FindParam(const ParameterSet& params, std::string_view name, const std::string& where);

// "<param>" (a bool is true or a trigger fired), "!<param>" (a bool is
// false) or "<param> <op> <number>" with op one of > < >= <= == != (floats).
// Each misuse fails saying what to write instead.
Condition ParseCondition(const ParameterSet& params, const std::string& text,
                         const std::string& where);

}  // namespace anim::graph_build
