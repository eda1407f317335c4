#!/usr/bin/env python3
"""Interactive tests of animviewer's real window (GLFW + Dear ImGui) under a
private Xvfb, driven with real X input events (window_driver.py).

Scenarios (one per ctest test):
  sample_orders   choose every sample from the "Sample" combo: each one
                  first (straight from the clip list), and each one right
                  after 05 (the character walked away with root motion) and
                  after 08 (the crowd)
  widgets         on one model: every widget of the clip list and of every
                  sample (each button, each combo entry, each checkbox both
                  ways, each slider at its right end, left end and middle,
                  the direction pad dragged) and each sample key held down
  keys_held       Space, F and every sample key held for a few frames
  key_taps        the same keys tapped (press and release within one frame)

Each action is followed by checks; a failure is recorded and the run goes
on (a crashed viewer is started again), so one run lists every bug:
  - the viewer crashed or stopped drawing
  - a sanitizer report on stderr
  - a non-finite value in the skinning palette
  - an error printed on stderr that the panel does not show
  - the bind pose (T-pose) while a model with clips plays a clip or sample
    (other than one that draws its own mesh instead of the character)
  - no grid under the character (the grid left where 05 walked to)
  - a widget that does not do what it shows (a slider clicked at its end
    not at its end, a checkbox that does not toggle, a combo that does not
    show the chosen entry)
Exit status: 0 passed, 1 failed, 77 skipped (a model that is absent).
"""

import argparse
import math
import os
import re
import struct
import shutil
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import window_driver as wd  # noqa: E402

NONE = "none: clip list"
# Where sliders are clicked: right end, left end, then middle, so each slider
# is left at a typical value for the widgets after it (a tolerance left at
# its tightest would make sample 15 rebuild its clip at 0.01 mm for every
# later control). The crowd's
# `count` (1..1,000) is tried at its left end and near it only: on llvmpipe
# a frame of 500 to 1,000 characters takes tens of seconds; the sample's
# own tests and goldens cover large crowds headless.
SLIDER_POSITIONS = ((1.0, "right end"), (0.0, "left end"), (0.5, "middle"))
SLOW_SLIDER_POSITIONS = {"count": ((0.0, "left end"), (0.01, "1% of its range"))}
SKIP = 77
WINDOW_SIZE = (1024, 576)
# A point of the scene at the window's bottom, below every panel and popup.
OUTSIDE_PANELS = (600, 560)


class Run:
    def __init__(self, options, model, model_name):
        self.options = options
        self.model = model
        self.model_name = model_name
        self.workdir = wd.temp_dir("animviewer_ui_")
        self.failures = []
        self.first_states = []  # the state machines' states when the sample started
        # The Skeleton checkbox before the sample whose joint colours are
        # shown was chosen (None: no such sample runs), and before the last
        # choice.
        self.skeleton_before_colors = None
        self.skeleton_when_chosen = None
        self.reported = set()  # (context, problem) already reported: once is enough
        self.context = ""
        self.actions = 0
        self.x = wd.Xvfb()
        self.viewer = None
        self.start()

    # --- the viewer's life -------------------------------------------------
    def start(self):
        # No multisampling: under Mesa's llvmpipe it triples the cost of a
        # frame, and these scenarios wait for frames after every action;
        # widgets and input do not depend on it (the window's default,
        # multisampled, is drawn by tests/app/window_test.cpp). 1024x576:
        # llvmpipe's cost per frame goes with the pixels (1280x720 took 1.5
        # times as long), and at 1,000 pixels wide or more the Framework
        # panel starts open, as on a desktop.
        args = [self.model, "--size", "%dx%d" % WINDOW_SIZE, "--msaa", "0"]
        self.viewer = wd.Viewer(self.options.viewer, self.x.display, args, self.workdir,
                                frame_timeout=self.options.frame_timeout)
        self.viewer.frames(2)
        self.check("startup")

    def finish(self):
        try:
            if self.viewer is not None:
                code = self.viewer.quit()
                self.scan_stderr(self.viewer.new_stderr(), "closing the window")
                if code is None:
                    self.fail("closing the window: the viewer did not exit")
                elif code != 0:
                    self.fail("closing the window: exit code %d; stderr:\n%s" %
                              (code, self.viewer.stderr_text()[-3000:]))
        finally:  # never leave the X server behind
            self.x.close()
            shutil.rmtree(self.workdir, ignore_errors=True)

    def fail(self, message):
        line = "[%s] %s: %s" % (self.model_name, self.context or "-", message)
        print("FAIL " + line, flush=True)
        self.failures.append(line)

    def act(self, description, action, *args):
        """Runs one user action, then the checks; a crash is recorded and the
        viewer restarted. Returns the action's result (None on a crash)."""
        self.actions += 1
        try:
            result = action(*args)
        except (wd.ViewerGone, TimeoutError) as e:
            stderr = self.viewer.stderr_text()
            self.fail("%s: %s; stderr tail:\n%s" % (description, e, stderr[-2500:]))
            self.scan_stderr(self.viewer.new_stderr(), description, report_errors=False)
            self.viewer.kill()
            self.start()
            return None
        self.check(description)
        return result

    # --- the checks after every action -------------------------------------
    def scan_stderr(self, text, description, report_errors=True):
        if wd.SANITIZER_PATTERNS.search(text):
            self.fail("%s: sanitizer report:\n%s" % (description, text[-4000:]))
        if not report_errors:
            return []
        return [line[len("animviewer: "):] for line in text.splitlines()
                if line.startswith("animviewer: ")]

    def check(self, description):
        v = self.viewer
        state = v.read()
        for error in self.scan_stderr(v.new_stderr(), description):
            shown = v.reveal("text", "error")
            if error not in state["message"] or shown is None or not shown["visible"]:
                self.fail("%s: error on stderr not shown in the panel: %s" % (description, error))
        if not state["palette_finite"]:
            self.fail("%s: non-finite value in the skinning palette" % description)
        if state["grid_shown"] and not state["crowd"]:
            # The ground under the character has its grid (also after 05
            # walked the character away and the grid followed it).
            gap = math.hypot(state["grid_center"][0] - state["character_position"][0],
                             state["grid_center"][2] - state["character_position"][2])
            if gap > 0.5 * state["grid_half_extent"] and (self.context, "grid") not in self.reported:
                self.reported.add((self.context, "grid"))
                self.fail("%s: the grid's centre is %.1f from the character (the grid reaches %.1f): "
                          "no grid under the character" % (description, gap, state["grid_half_extent"]))
        if self.shows_bind_pose_while_playing(state):
            # A clip may pass through its rest pose (an additive clip's first
            # frame, one that holds its reference pose for a moment at its
            # start); a played clip leaves it within a few frames and a
            # second of its time (the viewer plays in real time, so on a
            # fast frame rate 8 frames are not enough).
            deadline = time.monotonic() + 1.0
            waited = 0
            while waited < 8 or time.monotonic() < deadline:
                state = v.frames(1)
                waited += 1
                if not self.shows_bind_pose_while_playing(state):
                    return
            if (self.context, "T-pose") not in self.reported:
                self.reported.add((self.context, "T-pose"))
                self.fail("%s: the bind pose (T-pose) is shown while %s plays (reported once per sample)" %
                          (description, state["sample_title"] or "a clip"))

    @staticmethod
    def shows_bind_pose_while_playing(state):
        playing = state["playing"] and (state["sample"] >= 0 or state["clip_index"] >= 0)
        # 00 Playback has its own pause.
        playing = playing and all(p["value"] is not False for p in state["params"] if p["name"] == "playing")
        # 17 Mixer shows the bind pose, as asked, when no clip plays at a
        # weight above 0 (stop_all, or weights at 0).
        if state["sample_title"] == "17 Mixer":
            values = {p["name"]: p["value"] for p in state["params"]}
            # An additive action adds its change from its clip's first frame,
            # which is nothing: restarted by a fade in and played slowly (the
            # speed slider's middle is 2% of real time, not 0), it leaves the
            # pose within 1e-4 of the bind pose for seconds, as asked. Only an
            # action that replaces the pose shows whether it plays.
            def moves(name):
                clip = name[:-len("_play")]
                additive = values.get(clip + "_additive") is True
                return values.get(clip + "_weight", 0) > 0 and not additive
            playing = playing and any(
                value is True and moves(name) for name, value in values.items() if name.endswith("_play"))
        # 18 Retargeting holding both characters at their reference poses
        # (show_reference) shows the model's rest pose matched onto the
        # source's: on a model retargeted onto itself, its own rest pose.
        if state["sample_title"] == "18 Retargeting":
            playing = playing and all(
                p["value"] is not True for p in state["params"] if p["name"] == "show_reference")
        # A sample drawing its own mesh (14) does not show the character at all.
        return state["clips"] > 0 and playing and state["bind_distance"] < 1e-4 and not state["own_mesh"]

    # --- actions -------------------------------------------------------------
    def sample_titles(self):
        v = self.viewer
        combo = v.reveal("combo", "Sample")
        titles = v.open_combo(combo)
        v.click_at(*OUTSIDE_PANELS, frames=1)  # outside the popup: closes it
        return titles

    def choose_sample(self, title):
        """Picks `title` from the Sample combo as a user does (open, click)."""
        v = self.viewer
        self.context = "choosing %s" % title

        def pick():
            combo = v.reveal("combo", "Sample")
            entries = v.open_combo(combo)
            if not entries:
                # The click opened nothing: say where it aimed and where
                # the combo is now, then click again as a user would.
                now = v.item("combo", "Sample")
                print("note: the click on the Sample combo at %s opened nothing (it is now at %s, "
                      "frame %d); clicking again" % (combo["rect"], now and now["rect"],
                                                     v.read()["frame"]))
                v.click_at(*OUTSIDE_PANELS, frames=1)
                entries = v.open_combo(v.reveal("combo", "Sample"))
            entry = v.reveal("entry", title, window="##Combo")
            if entry is None:
                self.fail("no entry %r in the Sample combo (it showed %d entries: %s)" %
                          (title, len(entries), ", ".join(entries)))
                return False
            v.click(entry, frames=3)
            return True

        skeleton = v.item("checkbox", "Skeleton", window="Framework")
        self.skeleton_when_chosen = skeleton["value"] if skeleton is not None else None
        if not self.act("choose %s from the Sample combo" % title, pick):
            return False
        state = self.viewer.read()
        self.context = title
        self.first_states = state_texts(state)
        started = state["sample"] < 0 if title == NONE else state["sample_title"] == title
        if started and state["message_is_error"]:
            # A red message about a sample that refused, or a file that
            # failed, does not stay over what runs now.
            self.fail("%s runs under a stale error: %r" % (title, state["message"]))
        if started and self.skeleton_before_colors is not None and not state["has_joint_colors"]:
            # The overlay a sample's joint colours (04's mask) turned on goes
            # off with them; nothing in these scenarios ticks it by hand
            # before leaving such a sample.
            skeleton = v.item("checkbox", "Skeleton", window="Framework")
            if skeleton is not None and skeleton["value"] != self.skeleton_before_colors:
                self.fail("after leaving a sample with joint colours the skeleton overlay is %s "
                          "(it was %s before)" % (skeleton["value"], self.skeleton_before_colors))
            self.skeleton_before_colors = None
        if started and state["has_joint_colors"] and self.skeleton_before_colors is None:
            self.skeleton_before_colors = self.skeleton_when_chosen
        if title == NONE:
            return started
        if started:
            return True
        # The sample refused the model: that is fine if the panel says why.
        shown = v.reveal("text", "error")
        if shown is None or not shown["visible"] or title not in state["message"]:
            self.fail("%s did not start and the panel gives no reason (message: %r)" %
                      (title, state["message"]))
        return False

    def sample_widget_keys(self):
        """(kind, label, index) of the active sample's widgets, in panel order:
        those after the Sample combo in the animation panel (the time control
        and the view toggles sit in the framework panel)."""
        items = self.viewer.read()["items"]
        names = [(i["kind"], i["label"]) for i in items if i["window"].startswith("Animation")]
        try:
            begin = names.index(("combo", "Sample")) + 1
        except ValueError:
            return []
        end = len(names)
        keys, seen = [], {}
        for kind, label in names[begin:end]:
            if kind == "text":
                continue
            index = seen.get((kind, label), 0)
            seen[(kind, label)] = index + 1
            keys.append((kind, label, index))
        return keys

    def operate(self, kind, label, index=0, window="Animation"):
        v = self.viewer
        what = "%s %r" % (kind, label)
        item = v.reveal(kind, label, window=window, index=index)
        if item is None:
            return  # gone after an earlier action (a rebuilt panel): nothing to do
        if kind == "button":
            self.act("click " + what, v.click, item, 0.5, 3)
        elif kind == "checkbox":
            for _ in range(2):
                item = v.reveal(kind, label, window=window, index=index)
                if item is None:
                    return
                before = item["value"]
                self.act("toggle " + what, v.click, item, 0.5, 2)
                after = v.item(kind, label, window=window, index=index)
                if after is not None and after["value"] == before:
                    self.fail("clicking %s left it %s" % (what, before))
        elif kind == "slider":
            for where, name in SLOW_SLIDER_POSITIONS.get(label, SLIDER_POSITIONS):
                item = v.reveal(kind, label, window=window, index=index)
                if item is None:
                    return
                lo, hi = item["min"], item["max"]
                since = v.read()["imgui_frame"]
                self.act("click %s at its %s" % (what, name), v.click, item, where, 3)
                value = v.edited_value(kind, label, since)
                if value is None:
                    continue
                expected = lo + where * (hi - lo)
                # An integer slider's middle may be half a step either side.
                tolerance = 0.02 * (hi - lo) + (0.5 if item.get("integer") else 1e-6)
                if abs(value - expected) > tolerance:
                    self.fail("%s clicked at its %s set %g, expected %g (range %g..%g)" %
                              (what, name, value, expected, lo, hi))
        elif kind == "combo":
            entries = self.act("open " + what, v.open_combo, item) or []
            if not entries:
                self.fail("%s opens with no entries" % what)
            for n, entry_label in enumerate(entries):
                if n > 0:
                    item = v.reveal(kind, label, window=window, index=index)
                    if item is None:
                        return
                    self.act("open " + what, v.open_combo, item)
                entry = v.reveal("entry", entry_label, window="##Combo")
                if entry is None:
                    self.fail("%s: entry %r not found after reopening" % (what, entry_label))
                    continue
                self.act("choose %r in %s" % (entry_label, what), v.click, entry, 0.5, 3)
                after = v.item(kind, label, window=window, index=index)
                state = v.read()
                # A choice the sample refuses (a graph file that does not fit
                # the model) keeps what runs, named, with the reason shown.
                refused = (state["message_is_error"] and state["message"] != "") or any(
                    i["kind"] == "text" and i["label"] == "error" and entry_label in i["value"]
                    for i in state["items"])
                if after is not None and after["value"] != entry_label and not refused:
                    self.fail("%s shows %r after choosing %r" % (what, after["value"], entry_label))
            # Back to the first entry: the last ones are often additive or
            # partial clips (Look holds the bind pose at its ends), which would
            # leave the sample showing a near T-pose for the widgets after it.
            if len(entries) > 1:
                item = v.reveal(kind, label, window=window, index=index)
                if item is not None and self.act("open " + what, v.open_combo, item):
                    first = v.reveal("entry", entries[0], window="##Combo")
                    if first is not None:
                        self.act("choose %r in %s" % (entries[0], what), v.click, first, 0.5, 3)
        elif kind == "pad":
            x0, y0, x1, y1 = item["rect"]
            centre = ((x0 + x1) / 2, (y0 + y1) / 2)
            for corner in ((x0 + 2, y0 + 2), (x1 - 2, y1 - 2), (x0 + 2, y1 - 2), (x1 - 2, y0 + 2)):
                self.act("drag %s to %s" % (what, corner), v.drag, centre, corner, 3)
        elif kind == "entry":
            self.act("choose " + what, v.click, item, 0.5, 3)

    def operate_slider_at(self, item, where):
        self.act("click slider %r at %g of its width" % (item["label"], where), self.viewer.click,
                 item, where, 2)

    def operate_sample(self):
        for kind, label, index in self.sample_widget_keys():
            self.operate(kind, label, index)

    def operate_framework(self):
        """The clip list, playback and view controls (no sample active)."""
        self.context = NONE
        entries = self.viewer.items("entry", window="Animation")
        for item in entries:
            self.operate("entry", item["label"])
        # The last clips are additive or partial ones (Look holds the bind
        # pose at its ends): the playback controls act on the first clip.
        if entries:
            self.operate("entry", entries[0]["label"])
        # Paused around the time slider, so the time shown is the time set.
        # The clip's own controls are in the animation panel; the time
        # control and the view toggles in the framework panel.
        A, F = "Animation", "Framework"
        for kind, label, window in (("button", "Play/Pause", F), ("button", "Restart", A),
                                    ("slider", "Speed", A), ("combo", "Loop mode", A),
                                    ("slider", "time", F), ("button", "Play/Pause", F),
                                    ("checkbox", "Mesh", F), ("checkbox", "Skeleton", F),
                                    ("checkbox", "Wireframe", F), ("checkbox", "Grid", F),
                                    ("button", "Frame model (F)", F)):
            missing = self.viewer.item(kind, label, window=window) is None
            if missing and (window == A or label == "time") and self.viewer.read()["clips"] == 0:
                continue  # no clip: no playback controls and no time line to scrub
            if missing:
                self.fail("the %s panel has no %s %r" % (window, kind, label))
                continue
            self.operate(kind, label, window=window)
        self.operate_mix_clips()

    def operate_mix_clips(self):
        """The clip list's mixing mode: Mix clips starts 17 Mixer, whose
        panel has a play box per clip; the combo's first entry comes back."""
        v = self.viewer
        if v.read()["clips"] == 0:
            return
        item = v.reveal("button", "Mix clips", window="Animation")
        if item is None:
            self.fail("the clip list has no Mix clips button")
            return
        self.act("click button 'Mix clips'", v.click, item, 0.5, 3)
        state = v.read()
        plays = [i for i in state["items"] if i["kind"] == "checkbox" and i["label"].endswith("_play")]
        if state["sample_title"] != "17 Mixer" or len(plays) != state["clips"]:
            self.fail("Mix clips shows %r with %d play boxes for %d clips" %
                      (state["sample_title"], len(plays), state["clips"]))
        self.choose_sample(NONE)
        self.context = NONE


# --- scenarios -------------------------------------------------------------------

def scenario_widgets(run):
    run.operate_framework()
    for title in run.sample_titles():
        if title == NONE:
            continue
        if not run.choose_sample(title):
            continue
        run.operate_sample()
        press_sample_keys(run, tap=False)
    run.choose_sample(NONE)


def weight_shown(run, label):
    for i in run.viewer.read()["items"]:
        if i["kind"] == "text" and i["label"] == "weight " + label:
            return float(i["value"])
    return None


def scenario_morph(run):
    """A character with several skins and morph targets (RobotExpressive):
    loads with no warning, then the clip list, playback and view controls,
    then every morph-target slider of the panel, then the UI scale."""
    run.context = NONE
    warnings = [i["value"] for i in run.viewer.read()["items"]
                if i["kind"] == "text" and i["label"] == "warning"]
    if warnings:
        run.fail("the model loads with warnings: %s" % "; ".join(warnings))
    run.operate_framework()
    run.context = "morph targets"
    # Paused: the sliders must show at once, not at the next clip frame.
    if run.viewer.read()["playing"]:
        run.act("press space", run.viewer.key_tap, "space")
        run.viewer.frames(2)
    if run.viewer.read()["playing"]:
        run.fail("space did not pause the clip")
    sliders = [i["label"] for i in run.viewer.items("slider", window="Animation") if "/" in i["label"]]
    if not sliders:
        run.fail("the panel shows no morph-target slider")
    for label in sliders:
        run.operate("slider", label)
        # The weight the renderer gets follows the slider: it moves by what
        # the slider's offset moves (the robot's clips keep their weights at 0).
        item = run.viewer.reveal("slider", label, window="Animation")
        if item is None:
            continue
        offset_before, weight_before = item["value"], weight_shown(run, label)
        run.operate_slider_at(item, 0.9)
        run.viewer.frames(2)
        offset = run.viewer.item("slider", label, window="Animation")["value"]
        weight = weight_shown(run, label)
        if weight_before is None or weight is None or offset < 0.5:
            run.fail("%s: slider at 90 %% shows %g, weight %s -> %s" %
                     (label, offset, weight_before, weight))
        elif abs((weight - weight_before) - (offset - offset_before)) > 0.01:
            run.fail("%s: the slider moved %g -> %g but the weight %g -> %g" %
                     (label, offset_before, offset, weight_before, weight))
    scenario_ui_scale(run)
    scenario_morph_sample(run)


def scenario_morph_sample(run):
    """16 Morph targets on the robot: every widget works; the Surprised face
    slider at its right end draws the target at full weight (the robot's clips
    keep it at 0); Emote names the emote while it plays, then the state
    again once it has faded back."""
    if not run.choose_sample("16 Morph targets"):
        return
    v = run.viewer
    check_sample_weights_drawn(run)
    run.operate_sample()
    if not v.read()["playing"]:
        run.act("press space", v.key_tap, "space")
        v.frames(2)
    item = v.reveal("slider", "surprised", window="Animation")
    if item is None:
        run.fail("16 shows no slider for the robot's Surprised target")
        return
    run.operate_slider_at(item, 0.999)
    v.frames(2)
    weight = weight_shown(run, "Head/Surprised")
    if weight is None or weight < 0.95:
        run.fail("the surprised slider at its end draws weight %s, not about 1" % weight)

    def emote(state):
        return " ".join(i["value"] for i in state["items"]
                        if i["kind"] == "text" and i["label"] == "emote")

    button = v.reveal("button", "emote", window="Animation")
    if button is None:
        run.fail("16 shows no emote button")
        return
    run.act("click emote", v.click, button, 0.5, 2)
    try:
        v.wait_for(lambda s: emote(s).startswith("Emote: "), "the emote named while it plays",
                   timeout=30)
        v.wait_for(lambda s: emote(s) == "", "the state again after the emote", timeout=60)
    except TimeoutError as e:
        run.fail("emote: %s (panel: %r)" % (e, emote(v.read())))


def check_sample_weights_drawn(run):
    """What 16 lists as the weights shown is what the renderer draws, though
    the clip list's offsets were left at 90 % (scenario_morph): they belong to
    clip playback and must not leak into a sample."""
    state = run.viewer.frames(3)
    drawn = state["morph_weights_drawn"]
    listed = {i["label"][len("weight "):]: float(i["value"]) for i in state["items"]
              if i["kind"] == "text" and i["label"].startswith("weight ")}
    if not listed:
        run.fail("16 lists no weight shown")
    for name, value in listed.items():
        if name not in drawn:
            run.fail("16 lists %s, which the renderer does not draw" % name)
        elif abs(drawn[name] - value) > 0.01:
            run.fail("16 lists %s at %g, but the renderer draws %g (the clip list's offset "
                     "leaks into the sample)" % (name, value, drawn[name]))


def scenario_ui_scale(run):
    """The View section's UI scale: at 3x the panels are about three times as
    wide, but at most 40 % (Animation) of the window, so that they never
    overlap and the character is framed beside them; back at 1x as wide as
    they started."""
    run.context = "UI scale"

    def width(name):
        rect = run.viewer.window_rect(name, "outer")
        return rect[2] - rect[0] if rect else None

    def check_fit(scale):
        state = run.viewer.read()
        display_width = state["display"][0]
        left = run.viewer.window_rect("Animation", "outer")
        right = run.viewer.window_rect("Framework", "outer")
        if left is None or right is None:
            run.fail("at UI scale %g a panel is missing" % scale)
            return
        if left[2] > right[0]:
            run.fail("at UI scale %g the Animation panel (right edge %g) runs under the "
                     "Framework panel (left edge %g)" % (scale, left[2], right[0]))
        if left[2] > 0.5 * display_width or state["free_area"][0] < left[2] - 1:
            run.fail("at UI scale %g the character is not framed beside the Animation panel "
                     "(panel right edge %g, free area from %g, window %g wide)" %
                     (scale, left[2], state["free_area"][0], display_width))

    start = width("Animation")
    check_fit(1.0)
    for factor in (3.0, 1.0):
        item = run.viewer.reveal("slider", "UI scale", window="Framework")
        if item is None:
            run.fail("the Framework panel has no UI scale slider")
            return
        # Where ImGui puts `factor`: the grab's centre runs from half a grab
        # (GrabMinSize, 10 at the current scale) plus 2 pixels in from the
        # track's left end to as far from its right one; in a narrow panel
        # at 3x the grab is a large part of the track.
        x0, x1 = item["rect"][0], item["rect"][2]
        grab = 10.0 * item["value"]
        t = (factor - item["min"]) / (item["max"] - item["min"])
        where = (2.0 + grab / 2 + t * (x1 - x0 - 4.0 - grab)) / (x1 - x0)
        run.operate_slider_at(item, where)
        run.viewer.frames(3)
        scale = run.viewer.item("slider", "UI scale", window="Framework")["value"]
        now = width("Animation")
        wanted = None if start is None else min(start * scale, 0.4 * run.viewer.read()["display"][0])
        # The grab (larger at 3x) keeps a click a little off the value under it.
        if abs(scale - factor) > 0.1:
            run.fail("clicked at %g of its width, the UI scale shows %g, not %g" % (where, scale, factor))
        elif now is None or wanted is None or abs(now - wanted) > 0.1 * wanted:
            run.fail("at UI scale %g the Animation panel is %s pixels wide, not %s (%s at the "
                     "start)" % (scale, now, wanted, start))
        check_fit(scale)


def walk_away_in_05(run):
    """In 05: root motion on, full speed, until the character has moved."""
    v = run.viewer
    run.context = "05 walking away"
    for kind, label in (("checkbox", "root_motion"),):
        item = v.reveal(kind, label)
        if item is not None and not item["value"]:
            run.act("tick root_motion", v.click, item, 0.5, 2)
    speed = v.reveal("slider", "speed")
    if speed is not None:
        run.act("speed to its right end", v.click, speed, 1.0, 2)
    start = v.read()["character_position"]
    run.act("walk for 1.5 s", time.sleep, 1.5)
    end = v.read()["character_position"]
    if math.dist(start, end) < 0.3:
        run.fail("05 with root motion at full speed: the character moved only %.2f in 1.5 s" %
                 math.dist(start, end))


def scenario_sample_orders(run):
    titles = [t for t in run.sample_titles() if t != NONE]
    by_number = {t.split()[0]: t for t in titles}
    order = []
    for t in titles:  # each sample chosen straight from the clip list, then back
        order += [t, NONE]
    for stateful in ("05", "08"):  # each sample (and the clip list) right after 05 and 08
        for t in titles + [NONE]:
            if t != by_number.get(stateful):
                order += [by_number[stateful], t]
    for title in order:
        if not run.choose_sample(title):
            continue
        state = run.viewer.frames(3)
        count = run.viewer.item("slider", "count")
        if state["crowd"] and state["software_note"] and title.startswith("08"):
            # On llvmpipe the crowd starts small, and the panel says why.
            if count is None or count["value"] > 8:
                run.fail("08 on a software renderer starts with %s characters" %
                         (count["value"] if count else "?"))
            if state["software_note"] not in state["message"]:
                run.fail("08 on a software renderer: the panel does not say why the crowd is "
                         "small (message: %r)" % state["message"])
        if state["crowd"] and count is not None and count["value"] > 8:
            run.operate_slider_at(count, 0.0)  # a small crowd keeps the frames short
        if title.startswith("05"):
            walk_away_in_05(run)
        elif state["sample"] >= 0 and not state["crowd"]:
            # A freshly chosen sample is framed: the camera looks at the character.
            gap = math.dist(state["camera_target"], state["character_position"])
            if gap > 3.0:
                run.fail("the camera looks %.1f away from the character" % gap)


def press_sample_keys(run, tap):
    """Every key bound to the active sample's parameters; checks the effect
    where the parameter shows it (a bool toggles, a float steps)."""
    v = run.viewer
    press = v.key_tap if tap else v.key_hold
    how = "tap" if tap else "hold"
    for param in v.read()["params"]:
        for key_field, step in (("key", 0), ("key_less", -1), ("key_more", 1)):
            key = param[key_field]
            if not key:
                continue
            before = v.read()
            if param["name"] in trigger_names(before) and run.first_states:
                # Back in the first states (a jump clicked earlier has landed),
                # so that the trigger's effect shows as a change.
                try:
                    v.wait_for(lambda s: state_texts(s) == run.first_states,
                               "the first states again", timeout=30)
                    # The state shows as soon as a transition back to it
                    # starts; a trigger during that fade is not taken (no
                    # interruption), so let the fade end first: the fades
                    # last up to 0.3 s of animation time, which follows the
                    # clock, so wait 0.5 s and at least 20 frames (fast
                    # frames pass 20 in well under 0.3 s).
                    time.sleep(0.5)
                    before = v.frames(20)
                except TimeoutError:
                    pass
            old = next(p["value"] for p in before["params"] if p["name"] == param["name"])
            texts = state_texts(before)
            run.act("%s %s (%s)" % (how, key, param["name"]), press, key.lower())
            after = run.act("frames after %s" % key, v.frames, 3)
            if after is None:
                continue
            new = next((p["value"] for p in after["params"] if p["name"] == param["name"]), None)
            if isinstance(old, bool) and param["choices"] == 0 and key_field == "key" and \
                    param["name"] not in trigger_names(before):
                if new == old:
                    run.fail("%s %s did not toggle %s" % (how, key, param["name"]))
            elif step != 0 and isinstance(old, (int, float)) and old is not None:
                room = param["max"] - old if step > 0 else old - param["min"]
                if room > 1e-6 and (new is None or (new - old) * step <= 0):
                    run.fail("%s %s did not move %s (%g -> %s)" % (how, key, param["name"], old, new))
            elif param["name"] in trigger_names(before) and texts:
                # A trigger shows in the state machines' active states.
                changed = False
                for _ in range(30):
                    now = state_texts(v.read())
                    if now != texts:
                        changed = True
                        break
                    v.frames(1)
                # A trigger whose transition does not leave the state the
                # machine is in (Jump while already jumping: Woman's jump lasts
                # longer than the widget pass leaves it) changes nothing.
                busy = any(param["name"].capitalize() in text for text in texts)
                # A trigger whose clip the model lacks is left out of the
                # machine, and the sample's notice names it.
                busy = busy or param["name"].capitalize() in notice(before)
                if not changed and not busy:
                    run.fail("%s %s (trigger %s): no state changed" % (how, key, param["name"]))


def state_texts(state):
    """The state machines' active states (07, 09), as the panel shows them."""
    return [i["value"] for i in state["items"]
            if i["kind"] == "text" and i["label"] not in ("message", "error", "notice", "warning")]


def notice(state):
    """What the sample says the model lacks, or ''."""
    return " ".join(i["value"] for i in state["items"] if i["kind"] == "text" and i["label"] == "notice")


def trigger_names(state):
    return {i["label"] for i in state["items"] if i["kind"] == "button"}


def scenario_keys(run, tap):
    v = run.viewer
    how = "tap" if tap else "hold"
    press = v.key_tap if tap else v.key_hold
    run.context = NONE + ", keys"
    # Space: play/pause.
    for _ in range(2):
        before = v.read()["playing"]
        run.act("%s space" % how, press, "space")
        after = run.act("frames after space", v.frames, 3)
        if after is not None and after["playing"] == before:
            run.fail("%s Space did not toggle play/pause" % how)
    # F: orbit away with a real drag in the scene, then F frames the model again.
    framed = v.read()["camera"]
    # Between the Animation panel (left) and the Framework panel (right).
    run.act("orbit by dragging in the scene", v.drag, (450, 450), (650, 350), 3)
    moved = v.read()["camera"]
    if max(abs(a - b) for a, b in zip(framed, moved)) < 1e-3:
        run.fail("dragging in the scene did not orbit the camera")
    run.act("%s f" % how, press, "f")
    after = run.act("frames after F", v.frames, 3)
    if after is not None and max(abs(a - b) for a, b in zip(framed, after["camera"])) > 1e-3:
        run.fail("%s F did not frame the model again" % how)
    check_screenshot_button(run)
    check_record_button(run)
    for title in run.sample_titles():
        if title != NONE and run.choose_sample(title):
            press_sample_keys(run, tap)


def click_capture_button(run, label):
    """Clicks the Framework panel's button `label`; False (failed) without one."""
    button = run.viewer.reveal("button", label, window="Framework")
    if button is None:
        run.fail("no %s button in the Framework panel" % label)
        return False
    run.act("click " + label, run.viewer.click, button, 0.5, 3)
    return True


def check_screenshot_button(run):
    """The Capture section's Screenshot button writes the window as a PNG
    of the window's size and says where."""
    v = run.viewer
    if not click_capture_button(run, "Screenshot"):
        return
    message = v.read()["message"]
    prefix = "Screenshot saved to "
    if not message.startswith(prefix):
        run.fail("after Screenshot the panel says %r, not where the image went" % message)
        return
    path = message[len(prefix):]
    try:
        with open(path, "rb") as f:
            header = f.read(24)
        os.remove(path)
    except OSError as e:
        run.fail("Screenshot said %s, which cannot be read: %s" % (path, e))
        return
    width, height = struct.unpack(">II", header[16:24])
    if header[:8] != b"\x89PNG\r\n\x1a\n" or (width, height) != WINDOW_SIZE:
        run.fail("the screenshot %s is not a %dx%d PNG (%dx%d)" % ((path,) + WINDOW_SIZE + (width, height)))


def check_record_button(run):
    """The Capture section's Record button saves every frame as a PNG of the
    window's size into a new folder until Stop recording, and says how many
    frames went where."""
    v = run.viewer
    if not click_capture_button(run, "Record"):
        return
    started = v.read()["frame"]
    run.act("frames while recording", v.frames, 8)
    if not click_capture_button(run, "Stop recording"):
        return
    elapsed = v.read()["frame"] - started
    message = v.read()["message"]
    match = re.match(r"Recorded (\d+) frames into (.+)$", message)
    if match is None:
        run.fail("after Stop recording the panel says %r" % message)
        return
    count, folder = int(match.group(1)), match.group(2)
    try:
        names = sorted(os.listdir(folder))
        # Recorded from the frame the click reached to the one Stop reached:
        # at least the 8 waited for between them.
        if names != ["frame_%05d.png" % k for k in range(count)] or count < 8:
            run.fail("the recording %s holds %s..., not %d frames (at least 8 of the %d shown)"
                     % (folder, names[:3], count, elapsed))
        with open(os.path.join(folder, names[-1]), "rb") as f:
            header = f.read(24)
        width, height = struct.unpack(">II", header[16:24])
        if (width, height) != WINDOW_SIZE:
            run.fail("a recorded frame is %dx%d, not the window's %dx%d"
                     % ((width, height) + WINDOW_SIZE))
    except (OSError, IndexError, struct.error) as e:
        run.fail("the recording %s cannot be read: %s" % (folder, e))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def probe_text(state, label):
    return next((i["value"] for i in state["items"] if i["kind"] == "text" and i["label"] == label), "")


def scenario_motion_matching(run):
    """Sample 19 driven from the keyboard: W held walks the character away
    from where it stood, Shift+W runs, letting go stands it still again.
    The window runs in real time, so each check waits for what a user would
    see (up to 30 s) rather than counting frames, whose length varies."""
    v = run.viewer
    if not run.choose_sample("19 Motion matching"):
        return
    run.context = "19 Motion matching, keys"

    def where(state):
        words = probe_text(state, "placement").split()
        return (float(words[0]), float(words[1])) if len(words) == 3 else None

    try:
        start = v.wait_for(lambda s: where(s) is not None, "the panel's placement", timeout=30)
    except TimeoutError:
        run.fail("the panel does not say where the character is: %s" % notice(v.read()))
        return

    def hold_until(keys, predicate, what):
        for k in keys:
            v.input.key(k, True)
        try:
            return v.wait_for(predicate, what, timeout=30)
        except TimeoutError:
            state = v.read()
            run.fail("holding %s: no frame showed %s; the panel says %r at %s"
                     % ("+".join(keys), what, probe_text(state, "playing"), where(state)))
            return None
        finally:
            for k in reversed(keys):
                v.input.key(k, False)

    run.act("hold W", hold_until, ["w"],
            lambda s: "walk" in probe_text(s, "playing").lower() and where(s) is not None
            and math.dist(where(start), where(s)) > 0.5,
            "the walk, half a metre from the start")
    run.act("hold Shift+W", hold_until, ["Shift_L", "w"],
            lambda s: "run" in probe_text(s, "playing").lower(), "the run")
    try:
        v.wait_for(lambda s: "idle" in probe_text(s, "playing").lower(), "the idle", timeout=30)
    except TimeoutError:
        run.fail("let go, the character plays %r, not the idle" % probe_text(v.read(), "playing"))
        return
    # Standing: once the pull towards the stopped simulation has settled
    # (halving every 0.2 s), the character stays where it is.
    time.sleep(1.5)
    settled = run.act("60 frames standing", v.frames, 60)
    later = run.act("30 frames more", v.frames, 30)
    if settled is not None and later is not None and math.dist(where(settled), where(later)) > 0.05:
        run.fail("let go, the character still moved %.2f m in 30 frames"
                 % math.dist(where(settled), where(later)))
    mirrors_in_19(run, where)
    graph_on_the_same_keys(run, hold_until)


def mirrors_in_19(run, where):
    """19's database with and without the mirrored clips: the mannequin's
    Idle is mirrored (its Walk and Run are their own mirror, and the panel
    says so), the coverage reaches the Run's 3.5 m in a second, and
    unticking mirrored_clips rebuilds the database without the mirror, the
    character staying where it stands."""
    v = run.viewer
    run.context = "19, mirrored clips"

    def candidates(state):
        return [i["value"] for i in state["items"] if i["kind"] == "text" and i["label"] == "candidate"]

    state = v.read()
    if "0.00 to 3.50 m" not in probe_text(state, "coverage"):
        run.fail("the coverage reads %r, not the mannequin's 0.00 to 3.50 m" % probe_text(state, "coverage"))
    if "their own mirror half a cycle on: Walk, Run" not in probe_text(state, "mirrors"):
        run.fail("the panel's mirror note reads %r" % probe_text(state, "mirrors"))
    if not any(c.startswith("Idle (mirrored):") for c in candidates(state)):
        run.fail("no candidate of the mirrored Idle among %r" % candidates(state))
    box = v.reveal("checkbox", "mirrored_clips")
    if box is None or not box["value"]:
        run.fail("19 shows no ticked mirrored_clips checkbox: %r" % box)
        return
    before = where(state)
    run.act("untick mirrored_clips", v.click, box, 0.5, 3)
    try:
        after = v.wait_for(lambda s: s["items"] and probe_text(s, "mirrors") == "" and candidates(s)
                           and not any("(mirrored)" in c for c in candidates(s)),
                           "candidates without a mirrored clip", timeout=30)
    except TimeoutError:
        run.fail("unticked, the panel still shows %r" % candidates(v.read()))
        return
    if where(after) is None or math.dist(before, where(after)) > 0.05:
        run.fail("rebuilt without mirrors, the standing character moved from %s to %s"
                 % (before, where(after)))
    box = v.reveal("checkbox", "mirrored_clips")
    if box is not None:
        run.act("tick mirrored_clips again", v.click, box, 0.5, 3)
    exclude_walk_in_19(run, candidates)


def exclude_walk_in_19(run, candidates):
    """19's list of the clips the search may jump to: unticking Walk takes
    it out of the search (no candidate row of it), ticking it brings it
    back."""
    v = run.viewer
    run.context = "19, clips the search may jump to"
    header = v.reveal("button", "clips the search may jump to")
    if header is None:
        run.fail("19 shows no list of the clips the search may jump to")
        return
    run.act("open the list", v.click, header, 0.5, 3)
    for ticked, wanted in ((True, False), (False, True)):
        box = v.reveal("checkbox", "jump_to Walk")
        if box is None or box["value"] != ticked:
            run.fail("the list shows Walk as %r, not %s" % (box, "ticked" if ticked else "unticked"))
            return
        run.act(("untick" if ticked else "tick") + " Walk", v.click, box, 0.5, 3)
        try:
            v.wait_for(lambda s: candidates(s) and
                       any(c.startswith("Walk:") for c in candidates(s)) == wanted,
                       "Walk %s the candidates" % ("among" if wanted else "gone from"), timeout=30)
        except TimeoutError:
            run.fail("Walk %s: the candidates are %r" % ("ticked" if wanted else "unticked",
                                                          candidates(v.read())))
            return


def graph_on_the_same_keys(run, hold_until):
    """19's controller combo switched to the locomotion graph: the character
    stays where it stood, and W walks it away under the graph."""
    v = run.viewer
    run.context = "19, the locomotion graph"

    def ground(state):
        x, _, z = state["character_position"]
        return (x, z)

    combo = v.reveal("combo", "controller")
    if combo is None:
        run.fail("19 shows no controller combo")
        return
    before = ground(v.read())
    entries = run.act("open the controller combo", v.open_combo, combo) or []
    graph = [e for e in entries if e.startswith("locomotion graph")]
    if not graph:
        run.fail("the controller combo offers %r, no locomotion graph" % entries)
        return
    run.act("choose %s" % graph[0], v.click, v.reveal("entry", graph[0], window="##Combo"), 0.5, 3)
    state = v.read()
    if "locomotion graph" not in probe_text(state, "playing"):
        run.fail("after choosing the graph the panel says %r" % probe_text(state, "playing"))
    if math.dist(before, ground(state)) > 0.1:
        run.fail("switching controller moved the character %.2f m" % math.dist(before, ground(state)))
    run.act("hold W", hold_until, ["w"],
            lambda s: math.dist(before, ground(s)) > 0.5, "the graph's walk, half a metre on")


def scenario_file_cameras(run):
    """A file with cameras (tests/assets/materials/file_cameras.gltf): the View
    section's Camera combo looks through a file camera; F goes back to the
    orbit camera, and so does the Frame model button, as a drag does."""
    run.context = "file cameras"
    v = run.viewer

    def camera_shown():
        item = v.item("combo", "Camera", window="Framework")
        return None if item is None else item["value"]

    def choose_front():
        item = v.reveal("combo", "Camera", window="Framework")
        if item is None:
            run.fail("the View section shows no Camera combo for a file with cameras")
            return False
        entries = run.act("open the Camera combo", v.open_combo, item) or []
        front = [e for e in entries if e.startswith("Front")]
        if not front:
            run.fail("the Camera combo lists no Front camera: %r" % entries)
            return False
        entry = v.reveal("entry", front[0], window="##Combo")
        run.act("choose %r" % front[0], v.click, entry, 0.5, 3)
        if not (camera_shown() or "").startswith("Front"):
            run.fail("choosing Front shows %r" % camera_shown())
            return False
        return True

    if choose_front():
        run.act("press F", v.key_tap, "f")
        v.frames(2)
        if camera_shown() != "Orbit (mouse)":
            run.fail("F while looking through Front left the Camera combo at %r" % camera_shown())
    if choose_front():
        button = v.reveal("button", "Frame model (F)", window="Framework")
        if button is None:
            run.fail("no Frame model button")
            return
        run.act("click Frame model", v.click, button, 0.5, 3)
        if camera_shown() != "Orbit (mouse)":
            run.fail("Frame model while looking through Front left the camera at %r" %
                     camera_shown())


def choose_in_combo(run, label, entry_prefix, window="Framework"):
    """Opens the combo `label` with a click and clicks its entry starting
    with `entry_prefix`; the combo's shown value, or None."""
    v = run.viewer
    item = v.reveal("combo", label, window=window)
    if item is None:
        run.fail("the %s panel has no %s combo" % (window, label))
        return None
    entries = run.act("open the %s combo" % label, v.open_combo, item) or []
    matching = [e for e in entries if e.startswith(entry_prefix)]
    if not matching:
        run.fail("the %s combo lists no %r: %r" % (label, entry_prefix, entries))
        return None
    entry = v.reveal("entry", matching[0], window="##Combo")
    run.act("choose %r" % matching[0], v.click, entry, 0.5, 3)
    shown = v.item("combo", label, window=window)
    return None if shown is None else shown["value"]


def scenario_environment(run):
    """The View section's Environment and Background combos: the studio is
    the default; each choice is taken by a click and shown, and the frames
    after it draw with nothing reported on stderr."""
    run.context = "environment"
    v = run.viewer
    shown = v.item("combo", "Environment", window="Framework")
    if shown is None or not shown["value"].startswith("Studio"):
        run.fail("the Environment combo starts at %r, not the studio" % (shown and shown["value"]))
    for label, prefix in (("Background", "Environment, blurred"), ("Background", "Environment"),
                          ("Environment", "Hemisphere"), ("Background", "Plain"),
                          ("Environment", "Studio")):
        value = choose_in_combo(run, label, prefix)
        if value is not None and not value.startswith(prefix):
            run.fail("choosing %r in %s shows %r" % (prefix, label, value))
        v.frames(3)
        errors = run.scan_stderr(v.new_stderr(), "after choosing %r in %s" % (prefix, label))
        if errors:
            run.fail("after choosing %r in %s: %s" % (prefix, label, "; ".join(errors)))


def scenario_roles(run):
    """The clip list's Role combo, as a user overrides a guess: the choice
    shows at once with "Set by you", is written beside the model
    (<model>.roles.json), and is still there when the viewer opens the
    model again. Run on a copy of the mannequin the test writes, never on a
    file of the source tree."""
    run.context = "roles"
    v = run.viewer
    item = v.reveal("combo", "Role", window="Animation")
    if item is None:
        run.fail("the clip list shows no Role combo")
        return
    before = item["value"]
    wanted = "idle" if before != "idle" else "full body"
    entries = run.act("open the Role combo", v.open_combo, item) or []
    if wanted not in entries:
        run.fail("the Role combo lists %r, without %r" % (entries, wanted))
        return
    entry = v.reveal("entry", wanted, window="##Combo")
    run.act("choose %r" % wanted, v.click, entry, 0.5, 3)
    state = v.read()
    shown = v.item("combo", "Role", window="Animation")
    if shown is None or shown["value"] != wanted:
        run.fail("choosing %r shows %r" % (wanted, shown and shown["value"]))
    if not probe_text(state, "role reason").startswith("Set by you"):
        run.fail("after the choice the reason reads %r" % probe_text(state, "role reason"))
    sidecar = os.path.splitext(run.model)[0] + ".roles.json"
    if not os.path.exists(sidecar):
        run.fail("no %s was written" % os.path.basename(sidecar))
        return
    with open(sidecar) as f:
        if wanted not in f.read():
            run.fail("%s does not hold %r" % (os.path.basename(sidecar), wanted))
    # Opened again, the model keeps the user's word.
    code = run.act("quit the viewer", v.quit)
    if code != 0:
        run.fail("quitting: exit code %s" % code)
    run.start()
    v = run.viewer
    shown = v.reveal("combo", "Role", window="Animation")
    if shown is None or shown["value"] != wanted:
        run.fail("opened again, the Role combo shows %r, not %r" %
                 (shown and shown["value"], wanted))
    if not probe_text(v.read(), "role reason").startswith("Set by you"):
        run.fail("opened again, the reason reads %r" % probe_text(v.read(), "role reason"))


def scenario_file_role(run):
    """A clip whose file gives its role (extras.role "additive" on the
    mannequin's Idle, which the motion alone reads as an idle): the Role combo
    shows the file's word and the reason says so; a user's choice still
    overrides it."""
    run.context = "role given by the file"
    v = run.viewer
    shown = v.reveal("combo", "Role", window="Animation")
    if shown is None or shown["value"] != "additive":
        run.fail("the Role combo shows %r, not the file's additive" % (shown and shown["value"]))
        return
    reason = probe_text(v.read(), "role reason")
    if not reason.startswith("Given by the file"):
        run.fail("the reason reads %r, not 'Given by the file ...'" % reason)
    entries = run.act("open the Role combo", v.open_combo, shown) or []
    if "idle" not in entries:
        run.fail("the Role combo lists %r, without idle" % entries)
        return
    run.act("choose idle", v.click, v.reveal("entry", "idle", window="##Combo"), 0.5, 3)
    shown = v.item("combo", "Role", window="Animation")
    if shown is None or shown["value"] != "idle":
        run.fail("choosing idle over the file's role shows %r" % (shown and shown["value"]))
    if not probe_text(v.read(), "role reason").startswith("Set by you"):
        run.fail("after the choice the reason reads %r" % probe_text(v.read(), "role reason"))


def plots_by_label(state):
    return {i["label"]: i for i in state["items"] if i["kind"] == "plot"}


def scenario_plot_window(run):
    """02 Cross-fade's "over the last 4 s" plot spans 4 s of time at any
    update rate: at fixed 30 Hz updates (half the plot's 60 slots a second) a
    fade started a known time ago (in the sample's own seconds, which a slow
    frame does not stretch) shows that long ago, not half as long."""
    v = run.viewer
    run.context = "update rate"
    combo = v.reveal("combo", "update rate", window="Framework")
    if combo is None:
        run.fail("the Framework panel shows no update rate combo")
        return
    entries = run.act("open the update rate combo", v.open_combo, combo) or []
    if "fixed 30 Hz" not in entries:
        run.fail("the update rate combo offers %r, not fixed 30 Hz" % entries)
        return
    run.act("choose fixed 30 Hz", v.click, v.reveal("entry", "fixed 30 Hz", window="##Combo"),
            0.5, 3)
    shown = v.item("combo", "update rate", window="Framework")
    if shown is None or shown["value"] != "fixed 30 Hz":
        run.fail("after choosing fixed 30 Hz the combo shows %r" % (shown and shown["value"]))
        return
    if not run.choose_sample("02 Cross-fade"):
        return
    auto = v.reveal("checkbox", "auto_fade")
    if auto is not None and auto["value"]:
        run.act("untick auto_fade", v.click, auto, 0.5, 2)
    run.act("let the plot fill with one clip", time.sleep, 4.5)
    plots = plots_by_label(v.read())
    playing = [label for label, p in plots.items() if p["values"] and p["values"][-1] > 0.99]
    params = {p["name"] for p in v.read()["params"]}
    # The "Fade to:" buttons are named after the clips.
    target = next((b for b in v.items("button", window="Animation")
                   if b["label"] not in params and b["label"] not in playing), None)
    if not playing or target is None:
        run.fail("02 shows no clip playing alone (%r) or no other clip to fade to" % playing)
        return
    fade = next((p["value"] for p in v.read()["params"] if p["name"] == "fade_time"), 0.5)

    def sample_time(state):  # simulated seconds, as the plot counts them
        return float(probe_text(state, "sample time") or "nan")

    target = v.reveal("button", target["label"], window="Animation")
    before = sample_time(v.read())
    run.act("click %s" % target["label"], v.click, target, 0.5, 1)
    # The fade starts in the frame that takes the click: between the time
    # read before it and the one after.
    clicked = 0.5 * (before + sample_time(v.read()))
    time.sleep(2.5)
    state = v.read()
    elapsed = sample_time(state) - clicked
    if not elapsed > 1.0:
        run.fail("the Framework panel's sample time did not run (%r then %r)" %
                 (before, probe_text(state, "sample time")))
        return
    plot = plots_by_label(state).get(target["label"])
    if plot is None:
        run.fail("after fading to %s, 02 plots no share for it" % target["label"])
        return
    values = plot["values"]
    half = next((k for k, x in enumerate(values) if x >= 0.5), None)
    if abs(plot["seconds"] - 4.0) > 1e-3 or len(values) != 240 or half is None:
        run.fail("the plot spans %g s in %d slots, the fade's middle at slot %s" %
                 (plot["seconds"], len(values), half))
        return
    age = (len(values) - half) / 60.0
    wanted = elapsed - fade / 2
    if abs(age - wanted) > 0.5:
        run.fail("the fade to %s started %.2f s ago (its middle %.2f s ago) but the plot shows "
                 "its middle %.2f s ago" % (target["label"], elapsed, wanted, age))


def scenario_scene_turn(run):
    """A mannequin laid out as BrainStem (make_turned_variant): the load warns
    of the turn its skeleton misses and the character lies on its back;
    ticking 'Apply the scene's turn' opens it again standing (the camera,
    framing it, looks about half its height up), and unticking lays it down."""
    v = run.viewer
    run.context = "scene turn"

    def warning(state):
        return " ".join(i["value"] for i in state["items"]
                        if i["kind"] == "text" and i["label"] == "warning")

    def target_height():
        return v.frames(3)["camera_target"][1]

    if "ZUpToYUp" not in warning(v.read()):
        run.fail("the load does not warn of the turn: %r" % warning(v.read()))
        return
    lying = target_height()
    for tick, standing in ((True, True), (False, False)):
        box = v.reveal("checkbox", "Apply the scene's turn", window="Animation")
        if box is None:
            run.fail("no 'Apply the scene's turn' checkbox under the warning")
            return
        run.act("%s 'Apply the scene's turn'" % ("tick" if tick else "untick"), v.click, box,
                0.5, 3)
        try:
            v.wait_for(lambda s: any(i["kind"] == "checkbox" and
                                     i["label"] == "Apply the scene's turn" and i["value"] == tick
                                     for i in s["items"]), "the file opened again", timeout=60)
        except TimeoutError:
            run.fail("the checkbox did not stay %s" % tick)
            return
        height = target_height()
        print("note: %s, the camera looks %.2f up (%.2f lying at first)" %
              ("ticked" if tick else "unticked", height, lying))
        applied = "the turn is applied" in warning(v.read())
        if applied != tick:
            run.fail("ticked %s, the warning reads %r" % (tick, warning(v.read())))
        # The mannequin is about 1.8 tall: framed standing, the camera looks
        # about 0.9 up; lying, about 0.15.
        if standing and not height > lying + 0.4:
            run.fail("with the turn applied the camera looks %.2f up (%.2f lying): the character "
                     "does not stand" % (height, lying))
        if not standing and abs(height - lying) > 0.1:
            run.fail("unticked, the camera looks %.2f up, not %.2f as lying at first" %
                     (height, lying))


SCENARIOS = {
    "scene_turn": scenario_scene_turn,
    "file_role": scenario_file_role,
    "plot_window": scenario_plot_window,
    "roles": scenario_roles,
    "file_cameras": scenario_file_cameras,
    "environment": scenario_environment,
    "motion_matching": scenario_motion_matching,
    "sample_orders": scenario_sample_orders,
    "widgets": scenario_widgets,
    "morph": scenario_morph,
    "keys_held": lambda run: scenario_keys(run, tap=False),
    "key_taps": lambda run: scenario_keys(run, tap=True),
}


def model_path(options):
    if options.model == "mannequin":
        return os.path.join(options.source_dir, "assets", "mannequin.gltf")
    if options.model == "woman":
        return os.path.join(options.shared_assets, "Woman.gltf")
    if options.model == "cameras":
        return os.path.join(options.source_dir, "tests", "assets", "materials", "file_cameras.gltf")
    if options.model == "robot":
        return os.path.join(options.source_dir, "tests", "assets", "robot_expressive",
                            "RobotExpressive.glb")
    if options.model == "role_in_file":
        out = os.path.join(wd.temp_dir("animviewer_ui_model_"), "mannequin_role_in_file.gltf")
        return wd.make_model_variant(os.path.join(options.source_dir, "assets", "mannequin.gltf"),
                                     out, 1, first_role="additive")
    if options.model == "turned":
        out = os.path.join(wd.temp_dir("animviewer_ui_model_"), "mannequin_turned.gltf")
        return wd.make_turned_variant(os.path.join(options.source_dir, "assets", "mannequin.gltf"),
                                      out)
    clips = {"single_clip": 1, "no_clips": 0}[options.model]
    out = os.path.join(wd.temp_dir("animviewer_ui_model_"), "mannequin_%s.gltf" % options.model)
    return wd.make_model_variant(os.path.join(options.source_dir, "assets", "mannequin.gltf"), out,
                                 clips)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--viewer", required=True, help="the animviewer executable")
    parser.add_argument("--source-dir", required=True)
    parser.add_argument("--shared-assets", default="")
    parser.add_argument("--scenario", choices=sorted(SCENARIOS), required=True)
    parser.add_argument("--model", choices=["mannequin", "woman", "robot", "cameras", "single_clip",
                                            "turned", "role_in_file", "no_clips"],
                        default="mannequin")
    parser.add_argument("--frame-timeout", type=float, default=90.0,
                        help="seconds one frame may take (the crowd at 1,000 is slow)")
    options = parser.parse_args()
    if options.model == "woman" and not os.path.exists(os.path.join(options.shared_assets, "Woman.gltf")):
        print("SKIP: Woman.gltf not found in %r" % options.shared_assets)
        return SKIP
    for tool in ("Xvfb", "xdotool"):
        if shutil.which(tool) is None:
            print("FAIL: %s is not installed (scripts/install_deps.sh installs it)" % tool)
            return 1
    started = time.monotonic()
    model = model_path(options)
    run = Run(options, model, options.model)
    try:
        SCENARIOS[options.scenario](run)
    except Exception:  # a bug in the driver itself, or one the checks did not expect
        run.fail("the test stopped: " + traceback.format_exc())
    finally:
        run.finish()
    if options.model in ("single_clip", "no_clips"):
        shutil.rmtree(os.path.dirname(model), ignore_errors=True)
    print("%s on %s: %d actions in %.0f s, %d failure(s)" %
          (options.scenario, options.model, run.actions, time.monotonic() - started, len(run.failures)))
    return 1 if run.failures else 0


if __name__ == "__main__":
    sys.exit(main())
