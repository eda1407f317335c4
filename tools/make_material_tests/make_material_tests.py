#!/usr/bin/env python3
"""Writes the test scenes of tests/assets/materials/ (glTF 2.0, data
embedded): what the golden screenshots of glTF's material model, alpha modes,
KHR_animation_pointer and the file's cameras are taken of.

  metal_rough_spheres.gltf  3 rows of 5 spheres: metallic 0, 0.5, 1 (bottom
                            to top), roughness 0.1 to 0.9 (left to right),
                            base colour a warm grey
  alpha_modes.gltf          a checker board (OPAQUE), a MASK quad whose alpha
                            ramps left to right (cutoff 0.5: its right half
                            shows), and a BLEND visor (alpha 0.4) in front
  normal_mapped_plane.gltf  a plane with a normal map of four domes (no
                            tangents: the viewer derives them)
  pointer_color_cube.gltf   a cube whose base colour (LINEAR, red, green,
                            blue, red over 0..3 s) and emissive (STEP)
                            are animated through KHR_animation_pointer
  file_cameras.gltf         three cameras and unlit squares: red, 1 m,
                            centred at (0, 1, 0) facing +Z; green, 1 m,
                            centred at (2, 1, 0) facing +X, with a blue one
                            of 0.5 m beside it towards -Z. "Front":
                            perspective, yfov 2 atan(1/2), 2 m in front of
                            the red square (the visible height there is
                            2 m). "Dolly": the same lens carried from 4 m to
                            2 m over 1 s by the clip "Dolly". "Side":
                            orthographic, xmag 2, ymag 1.5, at (5, 1, 0)
                            turned a quarter left to look down -X at the
                            green square, the blue one on its right. The
                            clip "Zoom" narrows Front's yfov (LINEAR, through
                            KHR_animation_pointer) from 2 atan(1/2) to
                            2 atan(1/4) over 1 s
  node_visibility.gltf      three unlit squares in a row, 1 m each at
                            heights 0.25 to 1.25: red (left) below a group
                            the clip "Blink" shows until 1 s and hides from
                            it (KHR_node_visibility through a pointer, STEP,
                            unsigned bytes), green (middle) always shown,
                            blue (right) below a group hidden in the file

Usage: make_material_tests.py OUT_DIR (deterministic: same bytes each run).
"""
import base64
import json
import math
import os
import struct
import sys
import zlib


class Builder:
    """One buffer (a data URI), its views and accessors."""

    def __init__(self):
        self.data = bytearray()
        self.views = []
        self.accessors = []

    def _view(self, raw, target=None):
        while len(self.data) % 4:
            self.data.append(0)
        view = {"buffer": 0, "byteOffset": len(self.data), "byteLength": len(raw)}
        if target:
            view["target"] = target
        self.data.extend(raw)
        self.views.append(view)
        return len(self.views) - 1

    def floats(self, values, kind, minmax=False, target=None):
        comps = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4}[kind]
        flat = [float(v) for row in values for v in (row if isinstance(row, (list, tuple)) else [row])]
        view = self._view(struct.pack("<%df" % len(flat), *flat), target)
        accessor = {"bufferView": view, "componentType": 5126, "count": len(flat) // comps,
                    "type": kind}
        if minmax:
            accessor["min"] = [min(flat[i::comps]) for i in range(comps)]
            accessor["max"] = [max(flat[i::comps]) for i in range(comps)]
        self.accessors.append(accessor)
        return len(self.accessors) - 1

    def bytes(self, values):
        """Unsigned bytes, SCALAR: how glTF writes animated booleans."""
        view = self._view(struct.pack("<%dB" % len(values), *values))
        self.accessors.append({"bufferView": view, "componentType": 5121, "count": len(values),
                               "type": "SCALAR"})
        return len(self.accessors) - 1

    def indices(self, values):
        view = self._view(struct.pack("<%dH" % len(values), *values), 34963)
        self.accessors.append({"bufferView": view, "componentType": 5123, "count": len(values),
                               "type": "SCALAR"})
        return len(self.accessors) - 1

    def document(self, extra):
        doc = {"asset": {"version": "2.0", "generator": "tools/make_material_tests"},
               "scene": 0,
               "buffers": [{"byteLength": len(self.data),
                            "uri": "data:application/octet-stream;base64," +
                                   base64.b64encode(bytes(self.data)).decode()}],
               "bufferViews": self.views, "accessors": self.accessors}
        doc.update(extra)
        return doc


def png(width, height, pixel):
    """An RGBA PNG as a data URI; pixel(x, y) -> (r, g, b, a) bytes."""
    rows = b"".join(b"\0" + bytes(c for x in range(width) for c in pixel(x, y))
                    for y in range(height))

    def chunk(kind, body):
        return (struct.pack(">I", len(body)) + kind + body +
                struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    data = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6,
                                                              0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))
    return "data:image/png;base64," + base64.b64encode(data).decode()


def sphere(b, rings=16, segments=24):
    positions, normals, indices = [], [], []
    for r in range(rings + 1):
        theta = math.pi * r / rings
        for s in range(segments + 1):
            phi = 2 * math.pi * s / segments
            n = (math.sin(theta) * math.cos(phi), math.cos(theta), math.sin(theta) * math.sin(phi))
            positions.append([0.4 * c for c in n])
            normals.append(n)
    for r in range(rings):
        for s in range(segments):
            a = r * (segments + 1) + s
            c = a + segments + 1
            indices += [a, a + 1, c, a + 1, c + 1, c]
    return {"POSITION": b.floats(positions, "VEC3", True), "NORMAL": b.floats(normals, "VEC3")}, \
        b.indices(indices)


def quad(b, x0, y0, x1, y1, z):
    """A quad facing +Z, texture (0, 0) at its top left."""
    attributes = {
        "POSITION": b.floats([[x0, y0, z], [x1, y0, z], [x1, y1, z], [x0, y1, z]], "VEC3", True),
        "NORMAL": b.floats([[0, 0, 1]] * 4, "VEC3"),
        "TEXCOORD_0": b.floats([[0, 1], [1, 1], [1, 0], [0, 0]], "VEC2"),
    }
    return attributes, b.indices([0, 1, 2, 0, 2, 3])


def metal_rough_spheres():
    b = Builder()
    attributes, indices = sphere(b)
    materials, meshes, nodes = [], [], []
    for row, metallic in enumerate([0.0, 0.5, 1.0]):
        for column in range(5):
            roughness = 0.1 + 0.2 * column
            materials.append({"name": "metal %.1f rough %.1f" % (metallic, roughness),
                              "pbrMetallicRoughness": {"baseColorFactor": [0.9, 0.75, 0.6, 1],
                                                       "metallicFactor": metallic,
                                                       "roughnessFactor": roughness}})
            meshes.append({"primitives": [{"attributes": attributes, "indices": indices,
                                           "material": len(materials) - 1}]})
            nodes.append({"name": "sphere %d %d" % (row, column), "mesh": len(meshes) - 1,
                          "translation": [(column - 2) * 1.0, 0.5 + row * 1.0, 0]})
    return b.document({"scenes": [{"nodes": list(range(len(nodes)))}], "nodes": nodes,
                       "meshes": meshes, "materials": materials})


def alpha_modes():
    b = Builder()
    board, board_indices = quad(b, -1.5, 0, 1.5, 2, -0.5)
    mask, mask_indices = quad(b, -1.2, 0.3, 1.2, 1.7, 0)
    visor, visor_indices = quad(b, -0.6, 0.6, 0.6, 1.4, 0.5)
    checker = png(8, 8, lambda x, y: (230, 230, 230, 255) if (x + y) % 2 else (40, 40, 40, 255))
    ramp = png(16, 1, lambda x, y: (220, 120, 30, int(255 * x / 15)))
    return b.document({
        "scenes": [{"nodes": [0, 1, 2]}],
        "nodes": [{"name": "board", "mesh": 0}, {"name": "mask", "mesh": 1},
                  {"name": "visor", "mesh": 2}],
        "meshes": [{"primitives": [{"attributes": board, "indices": board_indices, "material": 0}]},
                   {"primitives": [{"attributes": mask, "indices": mask_indices, "material": 1}]},
                   {"primitives": [{"attributes": visor, "indices": visor_indices,
                                    "material": 2}]}],
        "materials": [
            {"name": "checker (OPAQUE)", "pbrMetallicRoughness": {
                "baseColorTexture": {"index": 0}, "metallicFactor": 0, "roughnessFactor": 0.8}},
            {"name": "ramp (MASK 0.5)", "alphaMode": "MASK", "alphaCutoff": 0.5, "doubleSided": True,
             "pbrMetallicRoughness": {"baseColorTexture": {"index": 1}, "metallicFactor": 0,
                                      "roughnessFactor": 0.6}},
            {"name": "visor (BLEND 0.4)", "alphaMode": "BLEND", "doubleSided": True,
             "pbrMetallicRoughness": {"baseColorFactor": [0.2, 0.5, 1.0, 0.4], "metallicFactor": 0,
                                      "roughnessFactor": 0.2}}],
        "textures": [{"source": 0, "sampler": 0}, {"source": 1, "sampler": 0}],
        "samplers": [{"magFilter": 9728, "minFilter": 9728}],
        "images": [{"uri": checker}, {"uri": ramp}]})


def normal_mapped_plane():
    b = Builder()
    plane, plane_indices = quad(b, -1, 0, 1, 2, 0)
    size = 64

    def dome(x, y):
        # Four domes: the normal tips away from each dome's centre.
        cx, cy = (x % 32) - 15.5, (y % 32) - 15.5
        r = 12.0
        d2 = cx * cx + cy * cy
        if d2 >= r * r:
            n = (0.0, 0.0, 1.0)
        else:
            h = math.sqrt(r * r - d2)
            # Image y grows down; tangent-space +Y points up the image.
            n = (cx / r, -cy / r, h / r)
        return tuple(int(round((c * 0.5 + 0.5) * 255)) for c in n) + (255,)

    return b.document({
        "scenes": [{"nodes": [0]}], "nodes": [{"name": "plane", "mesh": 0}],
        "meshes": [{"primitives": [{"attributes": plane, "indices": plane_indices,
                                    "material": 0}]}],
        "materials": [{"name": "domes", "normalTexture": {"index": 0},
                       "pbrMetallicRoughness": {"baseColorFactor": [0.8, 0.8, 0.8, 1],
                                                "metallicFactor": 0, "roughnessFactor": 0.4}}],
        "textures": [{"source": 0}], "images": [{"uri": png(size, size, dome)}]})


def channel(sampler, pointer):
    """A KHR_animation_pointer channel."""
    return {"sampler": sampler, "target": {"path": "pointer", "extensions": {
        "KHR_animation_pointer": {"pointer": pointer}}}}


def pointer_color_cube():
    b = Builder()
    positions, normals, indices = [], [], []
    for axis in range(3):
        for sign in (1, -1):
            n = [0, 0, 0]
            n[axis] = sign
            u = [0, 0, 0]
            u[(axis + 1) % 3] = 1
            v = [0, 0, 0]
            v[(axis + 2) % 3] = 1
            base = len(positions)
            for a, c in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
                positions.append([0.5 * (n[i] + a * u[i] + c * v[i]) + (0.5 if i == 1 else 0)
                                  for i in range(3)])
                normals.append(n)
            order = [0, 1, 2, 0, 2, 3] if sign > 0 else [0, 2, 1, 0, 3, 2]
            indices += [base + k for k in order]
    times = b.floats([0, 1, 2, 3], "SCALAR", True)
    colors = b.floats([[1, 0, 0, 1], [0, 1, 0, 1], [0, 0, 1, 1], [1, 0, 0, 1]], "VEC4")
    emissive = b.floats([[0, 0, 0], [0.3, 0.3, 0], [0, 0, 0], [0, 0, 0]], "VEC3")


    return b.document({
        "extensionsUsed": ["KHR_animation_pointer"],
        "scenes": [{"nodes": [0]}], "nodes": [{"name": "cube", "mesh": 0}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": b.floats(positions, "VEC3", True),
                                                   "NORMAL": b.floats(normals, "VEC3")},
                                    "indices": b.indices(indices), "material": 0}]}],
        "materials": [{"name": "animated", "pbrMetallicRoughness": {
            "baseColorFactor": [1, 1, 1, 1], "metallicFactor": 0, "roughnessFactor": 0.5}}],
        "animations": [{"name": "Colors", "channels": [
            channel(0, "/materials/0/pbrMetallicRoughness/baseColorFactor"),
            channel(1, "/materials/0/emissiveFactor")],
            "samplers": [{"input": times, "output": colors, "interpolation": "LINEAR"},
                         {"input": times, "output": emissive, "interpolation": "STEP"}]}]})


def file_cameras():
    b = Builder()
    red, red_indices = quad(b, -0.5, 0.5, 0.5, 1.5, 0)
    green, green_indices = quad(b, -0.5, -0.5, 0.5, 0.5, 0)
    blue, blue_indices = quad(b, 1.0, -0.25, 1.5, 0.25, 0)
    lens = {"yfov": 2 * math.atan(0.5), "znear": 0.1, "zfar": 50}
    quarter_left = [0, math.sin(math.pi / 4), 0, math.cos(math.pi / 4)]  # +90 deg about +Y
    times = b.floats([0, 1], "SCALAR", True)
    dolly = b.floats([[0, 1, 4], [0, 1, 2]], "VEC3")
    zoom = b.floats([2 * math.atan(0.5), 2 * math.atan(0.25)], "SCALAR")

    def unlit(name, color):
        return {"name": name + " (unlit)", "extensions": {"KHR_materials_unlit": {}},
                "pbrMetallicRoughness": {"baseColorFactor": color + [1]}}

    return b.document({
        "extensionsUsed": ["KHR_materials_unlit", "KHR_animation_pointer"],
        "scenes": [{"nodes": [0, 1, 2, 3, 4]}],
        "nodes": [{"name": "red square", "mesh": 0},
                  {"name": "green square", "mesh": 1, "translation": [2, 1, 0],
                   "rotation": quarter_left},
                  {"name": "front", "camera": 0, "translation": [0, 1, 2]},
                  {"name": "dolly", "camera": 1, "translation": [0, 1, 4]},
                  {"name": "side", "camera": 2, "translation": [5, 1, 0],
                   "rotation": quarter_left}],
        "meshes": [{"primitives": [{"attributes": red, "indices": red_indices, "material": 0}]},
                   {"primitives": [{"attributes": green, "indices": green_indices, "material": 1},
                                   {"attributes": blue, "indices": blue_indices,
                                    "material": 2}]}],
        "materials": [unlit("red", [1, 0, 0]), unlit("green", [0, 1, 0]),
                      unlit("blue", [0, 0, 1])],
        "cameras": [{"name": "Front", "type": "perspective", "perspective": lens},
                    {"name": "Dolly", "type": "perspective", "perspective": lens},
                    {"name": "Side", "type": "orthographic",
                     "orthographic": {"xmag": 2, "ymag": 1.5, "znear": 0.1, "zfar": 50}}],
        "animations": [{"name": "Dolly", "channels": [
            {"sampler": 0, "target": {"node": 3, "path": "translation"}}],
            "samplers": [{"input": times, "output": dolly, "interpolation": "LINEAR"}]},
            {"name": "Zoom", "channels": [channel(0, "/cameras/0/perspective/yfov")],
             "samplers": [{"input": times, "output": zoom, "interpolation": "LINEAR"}]}]})


def node_visibility():
    b = Builder()
    left, left_indices = quad(b, -1.5, 0.25, -0.5, 1.25, 0)
    middle, middle_indices = quad(b, -0.5, 0.25, 0.5, 1.25, 0)
    right, right_indices = quad(b, 0.5, 0.25, 1.5, 1.25, 0)
    times = b.floats([0, 1], "SCALAR", True)
    shown = b.bytes([1, 0])

    def unlit(name, color):
        return {"name": name + " (unlit)", "extensions": {"KHR_materials_unlit": {}},
                "pbrMetallicRoughness": {"baseColorFactor": color + [1]}}

    def hidden(visible):
        return {"KHR_node_visibility": {"visible": visible}}

    return b.document({
        "extensionsUsed": ["KHR_materials_unlit", "KHR_animation_pointer", "KHR_node_visibility"],
        "scenes": [{"nodes": [0, 2, 3]}],
        "nodes": [{"name": "blinking group", "children": [1], "extensions": hidden(True)},
                  {"name": "red square", "mesh": 0},
                  {"name": "green square", "mesh": 1},
                  {"name": "hidden group", "children": [4], "extensions": hidden(False)},
                  {"name": "blue square", "mesh": 2}],
        "meshes": [{"primitives": [{"attributes": left, "indices": left_indices, "material": 0}]},
                   {"primitives": [{"attributes": middle, "indices": middle_indices,
                                    "material": 1}]},
                   {"primitives": [{"attributes": right, "indices": right_indices,
                                    "material": 2}]}],
        "materials": [unlit("red", [1, 0, 0]), unlit("green", [0, 1, 0]),
                      unlit("blue", [0, 0, 1])],
        "animations": [{"name": "Blink", "channels": [
            channel(0, "/nodes/0/extensions/KHR_node_visibility/visible")],
            "samplers": [{"input": times, "output": shown, "interpolation": "STEP"}]}]})


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, make in (("metal_rough_spheres", metal_rough_spheres), ("alpha_modes", alpha_modes),
                       ("normal_mapped_plane", normal_mapped_plane),
                       ("pointer_color_cube", pointer_color_cube),
                       ("file_cameras", file_cameras), ("node_visibility", node_visibility)):
        with open(os.path.join(out, name + ".gltf"), "w") as f:
            json.dump(make(), f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
