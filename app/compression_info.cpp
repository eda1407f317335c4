#include "app/compression_info.h"

#include <chrono>
#include <cstdio>
#include <sstream>

#include "anim/offline/clip_builder.h"
#include "app/activity.h"
#include "app/model_loading.h"

namespace animviewer {

std::string DescribeCompression(const anim::Model& model) {
  const anim::CompressionSettings settings = ViewerCompressionSettings();
  std::ostringstream out;
  char line[320];
  std::snprintf(line, sizeof line,
                "Compression (tolerance %.2f mm at points %.0f cm from each joint):\n",
                settings.tolerance * 1000.0f, settings.point_distance * 100.0f);
  out << line;
  std::size_t raw_total = 0, compressed_total = 0;
  float worst = 0.0f;
  double build_ms = 0.0;
  for (const anim::Clip& clip : model.clips) {
    if (const std::string refusal = CompressionRefusal(model, clip); !refusal.empty()) {
      out << "  " << refusal << "\n";
      continue;
    }
    anim::CompressionReport report;
    const Activity activity("compressing clip \"" + clip.Name() + "\" of " + model.source_path +
                            " for --info");
    const auto start = std::chrono::steady_clock::now();
    anim::BuildCompressedClip(clip, model.skeleton, settings, &report);
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    build_ms += ms;
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
                "threads\n",
                "total", raw_total, compressed_total, worst * 1000.0f, build_ms,
                static_cast<int>(anim::CompressionThreads(settings)));
  out << line;
  return out.str();
}

}  // namespace animviewer
