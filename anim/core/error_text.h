#pragma once
// The two helpers every builder in the runtime uses for the error text it
// hands back: written once so that all messages quote names the same way.
#include <string>
#include <string_view>
#include <utility>

namespace anim {

// Stores `message` where the caller asked for it; callers that pass no
// error string get only the false return.
inline void SetError(std::string* error, std::string message) {
  if (error != nullptr) *error = std::move(message);
}

// A name from a file or a caller, in single quotes.
inline std::string Quoted(std::string_view s) {
  std::string out(1, '\'');
  out.append(s).push_back('\'');
  return out;
}

}  // namespace anim
