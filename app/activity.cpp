#include "app/activity.h"

#include <exception>
#include <utility>

namespace animviewer {

namespace {
thread_local std::string g_interrupted;
}  // namespace

// The description is built before the step starts, so that reporting it
// never needs memory once memory has run out: the destructor only moves it.
Activity::Activity(std::string what)
    : what_(std::move(what)), exceptions_(std::uncaught_exceptions()) {
  g_interrupted.clear();
}

Activity::~Activity() {
  // Unwinding from an exception: the innermost activity is destroyed first
  // and is the one kept.
  if (std::uncaught_exceptions() > exceptions_ && g_interrupted.empty()) {
    g_interrupted = std::move(what_);
  }
}

const std::string& Activity::Interrupted() { return g_interrupted; }

}  // namespace animviewer
