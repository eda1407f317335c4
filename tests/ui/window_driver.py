"""Drives animviewer's real window as a user would: a private Xvfb server,
the viewer with its GLFW window and Dear ImGui panel, and real X input
events (pointer moves, clicks, wheel, key presses) through XTEST.

Pointer and key events go through the XTEST extension from this process
(XTestInput), as xdotool sends them, without starting a program per event:
xdotool cost about 55 ms a call on two busy cores, a third of a scenario's
time. xdotool still finds and focuses the window once per viewer.

The viewer tells where its widgets are through the file it writes every
frame when ANIMVIEWER_UI_PROBE is set (samples/ui_probe.h,
app/ui_probe_frame.h): each widget's kind, label, rectangle, visibility and
value, and facts about its state (active sample, palette finite, distance
from the bind pose, the message shown).

Failures are collected, not raised, so that one run reports every bug it
meets; a crashed viewer is started again and the run goes on.
"""

import ctypes
import json
import math
import os
import re
import subprocess
import tempfile
import time

# What the sanitizers print when they find something.
SANITIZER_PATTERNS = re.compile(
    r"ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error:|"
    r"WARNING: ThreadSanitizer|SUMMARY: (Address|Undefined|Leak)")


class ViewerGone(Exception):
    """The viewer process ended (crashed) in the middle of an action."""


class Xvfb:
    """A virtual X server on a display number it picks itself (-displayfd)."""

    def __init__(self, size="1280x720x24"):
        read_end, write_end = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", size, "-nolisten", "tcp"],
            pass_fds=[write_end], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write_end)
        number = b""
        with os.fdopen(read_end, "rb") as pipe:
            while not number.endswith(b"\n"):
                chunk = pipe.read(1)
                if not chunk:
                    raise RuntimeError("Xvfb did not start")
                number += chunk
        self.display = ":" + number.decode().strip()

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def close_window(display, window_id):
    """Asks the window to close as a window manager's close button does:
    a WM_DELETE_WINDOW client message (GLFW then ends the viewer's loop)."""
    x11 = ctypes.cdll.LoadLibrary("libX11.so.6")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XInternAtom.restype = ctypes.c_ulong
    x11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x11.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long,
                               ctypes.c_void_p]
    x11.XFlush.argtypes = [ctypes.c_void_p]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]

    class ClientMessage(ctypes.Structure):
        _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong),
                    ("send_event", ctypes.c_int), ("display", ctypes.c_void_p),
                    ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                    ("format", ctypes.c_int), ("data", ctypes.c_long * 5)]

    class Event(ctypes.Union):
        _fields_ = [("xclient", ClientMessage), ("pad", ctypes.c_long * 24)]

    dpy = x11.XOpenDisplay(display.encode())
    if not dpy:
        return
    event = Event()
    event.xclient.type = 33  # ClientMessage
    event.xclient.window = window_id
    event.xclient.message_type = x11.XInternAtom(dpy, b"WM_PROTOCOLS", 0)
    event.xclient.format = 32
    event.xclient.data[0] = x11.XInternAtom(dpy, b"WM_DELETE_WINDOW", 0)
    x11.XSendEvent(dpy, window_id, 0, 0, ctypes.byref(event))
    x11.XFlush(dpy)
    x11.XCloseDisplay(dpy)


class XTestInput:
    """One connection to the X server that fakes pointer and key events with
    XTEST: the events a real mouse and keyboard produce, delivered by the
    server to the window under the pointer or with the focus."""

    def __init__(self, display):
        x11 = ctypes.cdll.LoadLibrary("libX11.so.6")
        xtst = ctypes.cdll.LoadLibrary("libXtst.so.6")
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x11.XDefaultRootWindow.restype = ctypes.c_ulong
        x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x11.XTranslateCoordinates.argtypes = [
            ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
            ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_ulong)]
        x11.XStringToKeysym.restype = ctypes.c_ulong
        x11.XStringToKeysym.argtypes = [ctypes.c_char_p]
        x11.XKeysymToKeycode.restype = ctypes.c_ubyte
        x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                              ctypes.c_ulong]
        xtst.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.x11, self.xtst = x11, xtst
        self.dpy = x11.XOpenDisplay(display.encode())
        if not self.dpy:
            raise RuntimeError("cannot open X display %s" % display)
        self.root = x11.XDefaultRootWindow(self.dpy)

    def _sent(self):
        # Processed by the server before the caller waits for frames.
        self.x11.XSync(self.dpy, 0)

    def move(self, window, x, y):
        """The pointer to (x, y) in `window`'s coordinates."""
        rx, ry, child = ctypes.c_int(), ctypes.c_int(), ctypes.c_ulong()
        self.x11.XTranslateCoordinates(self.dpy, window, self.root, int(round(x)), int(round(y)),
                                       ctypes.byref(rx), ctypes.byref(ry), ctypes.byref(child))
        self.xtst.XTestFakeMotionEvent(self.dpy, -1, rx.value, ry.value, 0)
        self._sent()

    def button(self, number, down):
        """Button 1 is the left one; 4 and 5 turn the wheel up and down."""
        self.xtst.XTestFakeButtonEvent(self.dpy, number, 1 if down else 0, 0)
        self._sent()

    def click(self, number):
        self.button(number, True)
        self.button(number, False)

    def key(self, name, down):
        """`name` is an X keysym name: "space", "f", "p"."""
        keysym = self.x11.XStringToKeysym(name.encode())
        keycode = self.x11.XKeysymToKeycode(self.dpy, keysym) if keysym else 0
        if keycode == 0:
            raise ValueError("no key for the keysym name %r" % name)
        self.xtst.XTestFakeKeyEvent(self.dpy, keycode, 1 if down else 0, 0)
        self._sent()

    def close(self):
        if self.dpy:
            self.x11.XCloseDisplay(self.dpy)
            self.dpy = None


class Viewer:
    """One animviewer process in the window, with its probe file and stderr."""

    def __init__(self, exe, display, args, workdir, frame_timeout):
        self.display = display
        self.frame_timeout = frame_timeout
        self.probe_path = os.path.join(workdir, "probe.json")
        if os.path.exists(self.probe_path):
            os.remove(self.probe_path)
        self.stderr_path = os.path.join(workdir, "viewer_stderr.txt")
        self.stderr_file = open(self.stderr_path, "wb")
        self.stderr_seen = 0
        env = dict(os.environ, DISPLAY=display, ANIMVIEWER_UI_PROBE=self.probe_path)
        env.pop("WAYLAND_DISPLAY", None)
        self.process = subprocess.Popen([exe] + args, env=env, stdout=subprocess.DEVNULL,
                                        stderr=self.stderr_file)
        self.state = None
        self.wait_for(lambda s: True, "the first frame", timeout=max(60.0, frame_timeout))
        self.window_id = int(self.xdotool("search", "--sync", "--name", "^animviewer$").split()[0])
        self.xdotool("windowfocus", str(self.window_id))
        self.input = XTestInput(display)

    # --- the process -----------------------------------------------------
    def alive(self):
        return self.process.poll() is None

    def stderr_text(self):
        if not self.stderr_file.closed:
            self.stderr_file.flush()
        with open(self.stderr_path, "rb") as f:
            return f.read().decode(errors="replace")

    def new_stderr(self):
        """Stderr written since the last call."""
        text = self.stderr_text()
        fresh = text[self.stderr_seen:]
        self.stderr_seen = len(text)
        return fresh

    def quit(self, timeout=120):
        """Closes the window and returns the exit code (None: it hung)."""
        self.input.close()
        if self.alive():
            close_window(self.display, self.window_id)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                return None
        self.stderr_file.close()
        return self.process.returncode

    def kill(self):
        if getattr(self, "input", None) is not None:
            self.input.close()
        if self.alive():
            self.process.kill()
            self.process.wait()
        self.stderr_file.close()

    # --- reading the probe -------------------------------------------------
    def read(self):
        try:
            with open(self.probe_path) as f:
                self.state = json.load(f)
        except (OSError, ValueError):
            pass
        return self.state

    def wait_for(self, predicate, what, timeout=None):
        deadline = time.monotonic() + (timeout or self.frame_timeout)
        while True:
            if not self.alive():
                raise ViewerGone("the viewer ended (exit code %s) while waiting for %s" %
                                 (self.process.returncode, what))
            state = self.read()
            if state is not None and predicate(state):
                return state
            if time.monotonic() > deadline:
                raise TimeoutError("no frame showed %s within %.0f s" % (what, timeout or self.frame_timeout))
            time.sleep(0.005)

    def frames(self, count=2):
        """Waits until `count` more frames were drawn; returns the last state."""
        start = self.read()["frame"]
        return self.wait_for(lambda s: s["frame"] >= start + count, "%d more frames" % count)

    # --- finding widgets ---------------------------------------------------
    def items(self, kind=None, label=None, window=None):
        found = []
        for item in self.read()["items"]:
            if kind is not None and item["kind"] != kind:
                continue
            if label is not None and item["label"] != label:
                continue
            if window is not None and not item["window"].startswith(window):
                continue
            found.append(item)
        return found

    def edited_value(self, kind, label, since_frame):
        """The value the user last set on this item, if set after ImGui's
        frame `since_frame` (later frames may move it on); else its value now."""
        edit = self.read().get("last_edit")
        if edit and edit["kind"] == kind and edit["label"] == label and edit["imgui_frame"] > since_frame:
            return edit.get("value")
        item = self.item(kind, label)
        return None if item is None else item.get("value")

    def item(self, kind, label, window="Animation", index=0):
        found = self.items(kind, label, window)
        return found[index] if index < len(found) else None

    def window_rect(self, name, part="rect"):
        """A panel's rectangle [x0, y0, x1, y1]: "rect", where its items
        show, or "outer", the whole window."""
        for w in self.read()["windows"]:
            if w["name"] == name:
                return w[part]
        return None

    def reveal(self, kind, label, window="Animation", index=0):
        """The item, after scrolling its window with the wheel until the item
        lies inside the window's visible part; None when it is not drawn."""
        last_scroll = None
        for _ in range(40):
            item = self.item(kind, label, window, index)
            if item is None:
                return None
            rect = self.window_rect(item["window"])
            if rect is None:
                return item
            if item["rect"][1] >= rect[1] and item["rect"][3] <= rect[3]:
                # In view; aim only once the layout holds still: a panel
                # that has just changed (a sample's first frames, a scroll
                # clamped to shorter contents) moves its widgets for a frame
                # or two, and a click at last frame's place misses.
                self.frames(1)
                settled = self.item(kind, label, window, index)
                if settled is not None and settled["rect"] == item["rect"]:
                    return settled
                continue
            scroll = next(w["scroll"] for w in self.read()["windows"] if w["name"] == item["window"])
            if scroll == last_scroll:
                return item  # the wheel moves it no further
            last_scroll = scroll
            down = item["rect"][3] > rect[3]
            # The wheel over the edge the item lies beyond, not over the
            # window's middle: a sample's explanation there is a scrolling
            # child of its own and would take the wheel instead. Upward, over
            # a top-level window's title bar (just above `rect`, the part
            # items show in), which is the window's own whatever is scrolled
            # under it: a child at the top edge keeps the wheel even at its
            # own limit. Popups and child windows have no title bar.
            name = item["window"]
            titled = not name.startswith("##") and "/" not in name
            up = rect[1] - 8 if titled else rect[1] + 30
            self.move((rect[0] + rect[2]) / 2, rect[3] - 6 if down else up)
            self.input.click(5 if down else 4)
            self.frames(2)
        return self.item(kind, label, window, index)

    # --- input -----------------------------------------------------------
    def xdotool(self, *args):
        result = subprocess.run(["xdotool"] + list(args), env=dict(os.environ, DISPLAY=self.display),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=30)
        return result.stdout.decode()

    def move(self, x, y):
        self.input.move(self.window_id, x, y)

    def click_at(self, x, y, frames=2):
        """Pointer to (x, y) in window coordinates, one frame to hover, then a
        click held for one frame."""
        self.move(x, y)
        self.frames(1)
        # Held for a frame, as a finger holds a button for tens of
        # milliseconds: a press and release that reach the viewer in the same
        # event poll were missed by a checkbox in 9 of 120 clicks
        # (xdotool held the button 12 ms, which hid it).
        self.input.button(1, True)
        self.frames(1)
        self.input.button(1, False)
        return self.frames(frames)

    def click(self, item, where=0.5, frames=2):
        """Clicks an item at a fraction of its width (0.5: its centre)."""
        x0, y0, x1, y1 = item["rect"]
        return self.click_at(x0 + 2 + where * (x1 - x0 - 4), (y0 + y1) / 2, frames)

    def open_combo(self, item):
        """Clicks a combo and returns its entries' labels once the popup shows
        them (an auto-sized popup is hidden for its first frame and placed
        after it)."""
        self.click(item, 0.5, 1)
        start = self.read()["frame"]
        try:
            state = self.wait_for(lambda s: s["frame"] >= start + 6 or any(
                i["kind"] == "entry" and i["window"].startswith("##Combo") for i in s["items"]),
                "the combo's entries")
        except TimeoutError:
            return []
        state = self.frames(2)  # placed: its first frames are laid out but not shown
        return [i["label"] for i in state["items"]
                if i["kind"] == "entry" and i["window"].startswith("##Combo")]

    def drag(self, start, end, frames=2):
        self.move(*start)
        self.frames(1)
        self.input.button(1, True)
        self.frames(1)
        for t in (0.33, 0.66, 1.0):
            self.move(start[0] + t * (end[0] - start[0]), start[1] + t * (end[1] - start[1]))
            self.frames(1)
        self.input.button(1, False)
        return self.frames(frames)

    def key_tap(self, key):
        """Press and release within microseconds: shorter than any frame."""
        self.input.key(key, True)
        self.input.key(key, False)

    def key_hold(self, key, frames=3):
        """Press, hold for a few frames, release: a press no polling can miss."""
        self.input.key(key, True)
        self.frames(frames)
        self.input.key(key, False)


def make_model_variant(source, out_path, keep_clips, first_role=None):
    """Writes a copy of a .gltf with embedded buffers keeping only its first
    `keep_clips` animations (the others' accessors stay, unused); with
    `first_role`, the first one's extras.role says so."""
    with open(source) as f:
        gltf = json.load(f)
    gltf["animations"] = gltf.get("animations", [])[:keep_clips]
    if not gltf["animations"]:
        del gltf["animations"]
    elif first_role:
        gltf["animations"][0].setdefault("extras", {})["role"] = first_role
    with open(out_path, "w") as f:
        json.dump(gltf, f)
    return out_path


def make_turned_variant(source, out_path):
    """Writes a copy of a .gltf laid out as the Khronos BrainStem is: the
    skeleton under "Armature", turned +90 degrees about X (Z up), and the
    skinned meshes under "ZUpToYUp", turned -90 degrees about X, which glTF
    does not draw (a skinned mesh is drawn by its joints alone): the
    character lies on its back unless the viewer applies that turn."""
    with open(source) as f:
        gltf = json.load(f)
    nodes = gltf["nodes"]
    scene = gltf["scenes"][gltf.get("scene", 0)]
    meshes = [i for i in scene["nodes"] if "mesh" in nodes[i]]
    others = [i for i in scene["nodes"] if "mesh" not in nodes[i]]
    h = math.sqrt(0.5)
    nodes.append({"name": "Armature", "rotation": [h, 0, 0, h], "children": others})
    nodes.append({"name": "ZUpToYUp", "rotation": [-h, 0, 0, h], "children": meshes})
    scene["nodes"] = [len(nodes) - 2, len(nodes) - 1]
    with open(out_path, "w") as f:
        json.dump(gltf, f)
    return out_path


def temp_dir(prefix):
    return tempfile.mkdtemp(prefix=prefix)


def finite(v):
    return v is not None and math.isfinite(v)
