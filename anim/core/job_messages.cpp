#include "anim/core/job_messages.h"

namespace anim::job_messages {

std::string Null(std::string_view field) { return std::string(field) + " is null"; }

std::string CountMismatch(std::string_view field, std::size_t count, std::string_view unit,
                          std::string_view reference, int joints) {
  return std::string(field) + " has " + std::to_string(count) + " " + std::string(unit) + ", " +
         std::string(reference) + " " + std::to_string(joints) + " joints";
}

std::string Aliases(std::string_view field, std::string_view other, std::string_view why) {
  return std::string(field) + " is the same pose as " + std::string(other) + " (" +
         std::string(why) + ")";
}

std::string Indexed(std::string_view field, std::size_t index) {
  return std::string(field) + "[" + std::to_string(index) + "]";
}

std::string Indexed(std::string_view field, std::size_t index, std::string_view member) {
  return Indexed(field, index) + "." + std::string(member);
}

}  // namespace anim::job_messages
