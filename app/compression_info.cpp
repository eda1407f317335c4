#include "app/compression_info.h"

#include <chrono>
#include <cstdio>
#include <sstream>

#include "anim/offline/clip_batch_builder.h"
#include "anim/offline/clip_builder.h"
#include "app/activity.h"
#include "app/model_loading.h"

namespace animviewer {

std::string DescribeCompression(const anim::Model& model, std::size_t load_memory_limit) {
  const anim::CompressionSettings settings = ViewerCompressionSettings();
  std::ostringstream out;
  char line[320];
  std::snprintf(line, sizeof line,
                "Compression (tolerance %.2f mm at points %.0f cm from each joint):\n",
                settings.tolerance * 1000.0f, settings.point_distance * 100.0f);
  out << line;
  // Every clip that may be compressed is built at once (whole clips on
  // the threads, within the load memory limit), then reported in order.
  std::vector<const anim::Clip*> buildable;
  std::vector<std::string> refusals(model.clips.size());
  for (std::size_t i = 0; i < model.clips.size(); ++i) {
    refusals[i] = CompressionRefusal(model, model.clips[i], load_memory_limit);
    if (refusals[i].empty()) buildable.push_back(&model.clips[i]);
  }
  const auto start = std::chrono::steady_clock::now();
  std::vector<anim::BatchBuildResult> built;
  try {
    built = anim::BuildCompressedClips(buildable, model.skeleton, settings, load_memory_limit);
  } catch (const anim::ClipBuildFailure& failure) {
    // Thrown again where an Activity names the clip (out of memory: main
    // prints it).
    const Activity activity("compressing clip \"" + buildable[failure.clip]->Name() + "\" of " +
                            model.source_path + " for --info");
    std::rethrow_exception(failure.cause);
  }
  const double build_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::size_t raw_total = 0, compressed_total = 0, next = 0;
  double builds_ms = 0.0;
  float worst = 0.0f;
  for (std::size_t i = 0; i < model.clips.size(); ++i) {
    const anim::Clip& clip = model.clips[i];
    if (!refusals[i].empty()) {
      out << "  " << refusals[i] << "\n";
      continue;
    }
    const anim::CompressionReport& report = built[next].report;
    const double ms = built[next++].seconds * 1000.0;
    builds_ms += ms;
    raw_total += report.raw_bytes;
    compressed_total += report.compressed_bytes;
    worst = std::max(worst, report.error.max_error);
    const std::string joint =
        report.error.joint >= 0 ? model.skeleton.JointName(report.error.joint) : std::string("-");
    std::snprintf(line, sizeof line,
                  "  %-20s raw %9zu B  compressed %7zu B  max error %.4f mm at %s, %.3f s"
                  "  built in %.0f ms\n",
                  clip.Name().c_str(), report.raw_bytes, report.compressed_bytes,
                  report.error.max_error * 1000.0f, joint.c_str(), report.error.time, ms);
    out << line;
  }
  std::snprintf(line, sizeof line,
                "  %-20s raw %9zu B  compressed %7zu B  max error %.4f mm  built in %.0f ms on %d "
                "threads (%.0f ms of builds, clips at once)\n",
                "total", raw_total, compressed_total, worst * 1000.0f, build_ms,
                static_cast<int>(anim::CompressionThreads(settings)), builds_ms);
  out << line;
  return out.str();
}

}  // namespace animviewer
