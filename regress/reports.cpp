#include "regress/reports.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace regress {

namespace fs = std::filesystem;

namespace {

std::string Escaped(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default:
        // Control characters are not allowed in XML 1.0: shown as '?'.
        out += static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t' ? '?' : c;
    }
  }
  return out;
}

// `file` available in `dir` under `name` (copied unless it is there):
// the name to link, or "" when there is no file.
std::string Place(const std::string& file, const std::string& dir, const std::string& name) {
  if (file.empty() || !fs::exists(file)) return "";
  std::error_code ec;
  const fs::path target = fs::path(dir) / name;
  if (!fs::equivalent(file, target, ec)) {
    fs::copy_file(file, target, fs::copy_options::overwrite_existing, ec);
    if (ec) return "";
  }
  return name;
}

std::string Fixed(double v, int digits) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", digits, v);
  return text;
}

constexpr const char* kStyle = R"(
body { font: 14px system-ui, sans-serif; margin: 1.5em; background: #1e1f24; color: #ddd; }
h1 { font-size: 1.3em; } .summary { font-size: 1.1em; margin-bottom: 1em; }
.case { border: 1px solid #444; border-radius: 6px; padding: .8em; margin: 1em 0; }
.case.fails { border-color: #c44; } .verdict { font-weight: bold; }
.fails .verdict { color: #f66; } .passes .verdict { color: #6c6; }
.images { display: flex; gap: .8em; flex-wrap: wrap; align-items: flex-start; }
figure { margin: 0; } figcaption { color: #aaa; font-size: .9em; }
img { max-width: 420px; image-rendering: pixelated; border: 1px solid #333; }
.wipe { position: relative; display: inline-block; }
.wipe img.top { position: absolute; left: 0; top: 0; }
table { border-collapse: collapse; margin-top: .5em; } td, th { padding: 2px 8px; text-align: right; }
th { color: #aaa; font-weight: normal; } td.name { text-align: left; }
code { color: #bbb; word-break: break-all; }
)";

// The wipe: the case's image over the golden, clipped from the right by
// the slider's value.
constexpr const char* kScript = R"(
function wipe(slider) {
  const top = slider.parentElement.querySelector('img.top');
  top.style.clipPath = 'inset(0 ' + (100 - slider.value) + '% 0 0)';
}
document.querySelectorAll('input.wipe-slider').forEach(wipe);
// For a reader and for tests: how many of the page's images the browser showed.
window.addEventListener('load', () => {
  const images = Array.from(document.images);
  document.body.dataset.images = images.length;
  document.body.dataset.imagesShown =
      images.filter((i) => i.complete && i.naturalWidth > 0).length;
});
)";

}  // namespace

bool WriteHtmlReport(const std::vector<CaseResult>& results, const std::string& dir,
                     const std::string& title, std::string* error) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  std::vector<const CaseResult*> order;
  for (const CaseResult& r : results) order.push_back(&r);
  std::stable_sort(order.begin(), order.end(), [](const CaseResult* a, const CaseResult* b) {
    return VerdictFails(a->verdict) > VerdictFails(b->verdict);
  });
  std::ostringstream html;
  html << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>"
       << Escaped(title) << "</title>\n<style>" << kStyle << "</style></head><body>\n<h1>"
       << Escaped(title) << "</h1>\n<div class=\"summary\" id=\"summary\">"
       << Escaped(Summary(results)) << "</div>\n";
  for (const CaseResult* r : order) {
    const std::string& name = r->c.name;
    const std::string golden = Place(r->golden_png, dir, name + ".golden.png");
    const std::string actual = Place(r->actual_png, dir, name + ".png");
    const std::string diff = Place(r->diff_png, dir, name + ".diff.png");
    html << "<div class=\"case " << (VerdictFails(r->verdict) ? "fails" : "passes")
         << "\" id=\"case-" << Escaped(name) << "\">\n<div><span class=\"name\">" << Escaped(name)
         << "</span>: <span class=\"verdict\">" << VerdictName(r->verdict) << "</span>"
         << (r->message.empty() ? "" : " - " + Escaped(r->message)) << "</div>\n";
    html << "<div class=\"images\">";
    const auto figure = [&](const std::string& file, const char* caption) {
      if (file.empty()) return;
      html << "<figure><img src=\"" << Escaped(file) << "\" alt=\"" << caption << " of "
           << Escaped(name) << "\"><figcaption>" << caption << "</figcaption></figure>";
    };
    figure(golden, "golden");
    figure(actual, "this run");
    figure(diff, "difference");
    if (!golden.empty() && !actual.empty()) {
      html << "<figure><div class=\"wipe\"><img src=\"" << Escaped(golden)
           << "\" alt=\"golden\"><img class=\"top\" src=\"" << Escaped(actual)
           << "\" alt=\"this run\"><br><input class=\"wipe-slider\" type=\"range\" min=\"0\" "
              "max=\"100\" value=\"50\" oninput=\"wipe(this)\" aria-label=\"wipe\"></div>"
              "<figcaption>this run (left of the slider) over the golden</figcaption></figure>";
    }
    html << "</div>\n";
    if (r->image_compared) {
      html << "<div>" << r->differing_pixels << " pixels differ ("
           << Fixed(r->differing_fraction * 100.0, 2) << " % of the " << r->silhouette_pixels
           << "-pixel silhouette; budget " << Fixed(r->c.tolerances.image_budget * 100.0, 2)
           << " %), " << r->forgiven_pixels
           << " forgiven as one-pixel shifts, largest channel change " << r->max_channel_difference
           << "</div>\n";
    }
    if (r->pose_compared && r->pose.same_joints) {
      html << "<table><tr><th class=\"name\">joint (largest change for its tolerance "
              "first)</th><th>moved (mm)</th>"
              "<th>turned (rad)</th></tr>";
      const std::size_t shown = std::min<std::size_t>(r->pose.joints.size(), 8);
      for (std::size_t i = 0; i < shown; ++i) {
        const JointDifference& d = r->pose.joints[i];
        html << "<tr><td class=\"name\">" << Escaped(d.name) << "</td><td>"
             << Fixed(d.distance * 1000.0, 4) << "</td><td>" << Fixed(d.turn, 6) << "</td></tr>";
      }
      html << "</table>\n";
    }
    html << "<div>rendered by <code>" << Escaped(r->command) << "</code> in "
         << Fixed(r->seconds, 2) << " s</div>\n</div>\n";
  }
  html << "<script>" << kScript << "</script>\n</body></html>\n";
  const std::string path = (fs::path(dir) / "index.html").string();
  std::ofstream out(path, std::ios::binary);
  out << html.str();
  if (!out) {
    *error = path + ": cannot write the report";
    return false;
  }
  return true;
}

bool WriteJunitReport(const std::vector<CaseResult>& results, const std::string& path,
                      std::string* error) {
  int failures = 0, errors = 0, skipped = 0;
  double seconds = 0.0;
  for (const CaseResult& r : results) {
    failures += VerdictFails(r.verdict) && r.verdict != Verdict::kFailed;
    errors += r.verdict == Verdict::kFailed;
    skipped += r.verdict == Verdict::kSkipped;
    seconds += r.seconds;
  }
  std::ostringstream xml;
  xml << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"animviewer regress\" "
         "tests=\""
      << results.size() << "\" failures=\"" << failures << "\" errors=\"" << errors << "\" time=\""
      << Fixed(seconds, 3) << "\">\n<testsuite name=\"animviewer regress\" tests=\""
      << results.size() << "\" failures=\"" << failures << "\" errors=\"" << errors
      << "\" skipped=\"" << skipped << "\" time=\"" << Fixed(seconds, 3) << "\">\n";
  for (const CaseResult& r : results) {
    xml << "  <testcase classname=\"regress\" name=\"" << Escaped(r.c.name) << "\" time=\""
        << Fixed(r.seconds, 3) << "\">";
    const std::string text = Escaped(r.message) + "\n" + Escaped(r.command);
    if (r.verdict == Verdict::kFailed) {
      xml << "\n    <error message=\"" << Escaped(r.message) << "\" type=\"failed\">" << text
          << "</error>\n  ";
    } else if (VerdictFails(r.verdict)) {
      xml << "\n    <failure message=\"" << VerdictName(r.verdict) << ": " << Escaped(r.message)
          << "\" type=\"" << VerdictName(r.verdict) << "\">" << text << "</failure>\n  ";
    } else if (r.verdict == Verdict::kSkipped) {
      xml << "\n    <skipped message=\"" << Escaped(r.message) << "\"/>\n  ";
    }
    xml << "</testcase>\n";
  }
  xml << "</testsuite>\n</testsuites>\n";
  std::ofstream out(path, std::ios::binary);
  out << xml.str();
  if (!out) {
    *error = path + ": cannot write the JUnit report";
    return false;
  }
  return true;
}

}  // namespace regress
