// MannequinSamples for tests that read a sample's panel: it is drawn in an
// ImGui frame without a renderer (HeadlessImGui) and the texts it labels
// (ui_probe::Text) are read back. ui_probe records only when
// ANIMVIEWER_UI_PROBE is set before its first use, so including this sets
// it before main: such tests live in an executable of their own.
#pragma once

#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

#include "headless_imgui.h"
#include "mannequin_samples.h"
#include "samples/ui_probe.h"

inline const bool kPanelProbeOn = setenv("ANIMVIEWER_UI_PROBE", "unused", 1) == 0;

class MannequinPanels : public MannequinSamples {
 protected:
  void SetUp() override {
    ASSERT_TRUE(kPanelProbeOn && ui_probe::Enabled());
    MannequinSamples::SetUp();
  }

  // The text the selected sample's panel labels `label` this frame, "" when
  // there is none.
  std::string PanelText(const std::string& label) {
    HeadlessImGui::Frame([this] { sample_->DrawPanel(); });
    const std::string items = ui_probe::TakeItemsJson();
    const std::string key = "\"label\":\"" + label + "\"";
    const std::size_t at = items.find(key);
    if (at == std::string::npos) return "";
    const std::string value = "\"value\":\"";
    const std::size_t begin = items.find(value, at) + value.size();
    return items.substr(begin, items.find('"', begin) - begin);
  }

  HeadlessImGui imgui_;
};
