// The project's own uneven ground: a square heightfield tilted into a slope
// and rippled with bumps, as a triangle mesh (positions, normals, vertex
// colours) ready for scene::Ground and the renderer.
#pragma once

#include "model/model.h"

namespace scene {

struct HeightfieldOptions {
  float half_extent = 20.0f;  // metres from the centre to each edge
  float cell = 0.25f;         // metres between vertices
  // The slope: height rises by these many metres per metre along +X and +Z.
  float slope_x = 0.0f;
  float slope_z = 0.0f;
  float bump_height = 0.0f;      // metres, amplitude of the bumps
  float bump_spacing = 2.0f;     // metres between bump crests
  float units_per_metre = 1.0f;  // the character's units: the mesh is scaled to them
};

// Height in metres at (x, z) metres: a plane through the origin with the
// options' slope plus bumps (a product of sines, zero at the origin, so a
// character placed at the origin starts on the plane).
float HeightfieldHeight(const HeightfieldOptions& options, float x, float z);

// The mesh, in the character's units, one primitive, checkered vertex
// colours so motion over it shows.
anim::Model MakeHeightfieldGround(const HeightfieldOptions& options);

// The sample's ground: a 22% slope (12.4 degrees) rising along +X and 5% along +Z, bumps
// of 6 cm every 1.6 m.
HeightfieldOptions BumpySlopedGround(float units_per_metre);

}  // namespace scene
