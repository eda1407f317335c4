#include "app/motion_commands.h"

#include <iostream>

#include "app/loaded_motion.h"
#include "app/motion_json.h"
#include "app/terminal_text.h"
#include "import/motion_queries_file.h"
#include "render/file_output.h"

namespace animviewer {
namespace {

int Fail(const std::string& message) {
  std::cerr << "animviewer: " << EscapeControlCharacters(message, false) << "\n";
  return 1;
}

bool WriteText(const std::string& path, const std::string& text, std::string* error) {
  return render::WriteFileBytes(
      path, {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}, error);
}

}  // namespace

int RunMotionDatabase(const Options& options) {
  LoadedMotion loaded;
  std::string error;
  if (!LoadMotion(options, &loaded, &error)) return Fail(error);
  if (!WriteText(options.motion_database,
                 MotionDatabaseJson(loaded.model, loaded.motion, loaded.db), &error))
    return Fail(error);
  std::cout << "Wrote " << options.motion_database << ": " << loaded.db.FrameCount()
            << " frames of " << loaded.motion.clips.size() << " clips, " << anim::kFeatureCount
            << " features each\n";
  return 0;
}

int RunMatch(const Options& options) {
  std::vector<anim::MotionQuery> queries;
  std::string error;
  if (!anim::ReadMotionQueries(options.match_queries, &queries, &error)) return Fail(error);
  LoadedMotion loaded;
  if (!LoadMotion(options, &loaded, &error)) return Fail(error);
  std::vector<anim::MatchResult> results;
  results.reserve(queries.size());
  for (const anim::MotionQuery& q : queries)
    results.push_back(anim::SearchAccelerated(loaded.db, q));
  if (!WriteText(options.match_out, MatchResultsJson(loaded.motion, loaded.db, results), &error))
    return Fail(error);
  std::cout << "Wrote " << options.match_out << ": " << results.size() << " results\n";
  return 0;
}

}  // namespace animviewer
