// animviewer --camera on tests/assets/materials/file_cameras.gltf (its
// generator's docstring gives the layout): where the unlit squares land in
// a 480x360 picture through each of the file's cameras, worked by hand from
// the cameras' lenses and places; and what a name the file lacks says.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <stb_image.h>

#include "run_viewer.h"

namespace {

using app_test::RunViewer;

const std::string kScene =
    std::string(ANIM_SOURCE_DIR) + "/tests/assets/materials/file_cameras.gltf";

enum class Seen { kRed, kGreen, kBlue, kOther };

struct Picture {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;
  Seen At(int x, int y) const {
    const unsigned char* p = &rgb[(static_cast<std::size_t>(y) * width + x) * 3];
    const auto pure = [&](int channel) {
      for (int c = 0; c < 3; ++c) {
        if (c == channel ? p[c] < 200 : p[c] > 60) return false;
      }
      return true;
    };
    return pure(0) ? Seen::kRed : pure(1) ? Seen::kGreen : pure(2) ? Seen::kBlue : Seen::kOther;
  }
};

Picture Render(const std::string& arguments) {
  const std::string png = app_test::TempPath("camera.png");
  const auto run = RunViewer("'" + kScene + "' --headless --size 480x360 --msaa 0 " + arguments +
                             " --screenshot '" + png + "'");
  Picture picture;
  EXPECT_EQ(run.exit_code, 0) << run.err;
  int channels = 0;
  unsigned char* data = stbi_load(png.c_str(), &picture.width, &picture.height, &channels, 3);
  if (data == nullptr) {
    ADD_FAILURE() << "no picture from " << arguments;
    return picture;
  }
  picture.rgb.assign(data, data + static_cast<std::size_t>(picture.width) * picture.height * 3);
  stbi_image_free(data);
  return picture;
}

// A square seen head on: `colour` inside the pixel box [x0, x1] x [y0, y1]
// (4 pixels in from each edge) and not just outside it (4 pixels out).
void ExpectSquare(const Picture& p, Seen colour, int x0, int x1, int y0, int y1) {
  ASSERT_EQ(p.width, 480);
  const int cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
  EXPECT_EQ(p.At(cx, cy), colour) << "middle";
  EXPECT_EQ(p.At(x0 + 4, cy), colour) << "inside the left edge";
  EXPECT_EQ(p.At(x1 - 4, cy), colour) << "inside the right edge";
  EXPECT_EQ(p.At(cx, y0 + 4), colour) << "inside the top edge";
  EXPECT_EQ(p.At(cx, y1 - 4), colour) << "inside the bottom edge";
  EXPECT_NE(p.At(x0 - 4, cy), colour) << "outside the left edge";
  EXPECT_NE(p.At(x1 + 4, cy), colour) << "outside the right edge";
  EXPECT_NE(p.At(cx, y0 - 4), colour) << "outside the top edge";
  EXPECT_NE(p.At(cx, y1 + 4), colour) << "outside the bottom edge";
}

// "Front": 2 m from the red square with tan(yfov / 2) = 1/2, so 2 m of
// height fill 360 pixels: the 1 m square spans rows 90 to 270 and, at the
// viewport's 4:3, columns 240 -+ 0.5 / (1 x 4/3) x 240 = 150 to 330.
TEST(FileCameraView, TheFrontCameraSeesTheRedSquareWhereItsLensPutsIt) {
  ExpectSquare(Render("--camera Front"), Seen::kRed, 150, 330, 90, 270);
  ExpectSquare(Render("--camera 0"), Seen::kRed, 150, 330, 90, 270);  // by index
}

// "Dolly" rides its node, which the clip carries from 4 m to 2 m over 1 s:
// 3 m away at 0.5 s, where 3 m of height fill the picture (rows 120 to 240,
// columns 240 -+ 0.5 / (1.5 x 4/3) x 240 = 180 to 300); 4 m at 0 s (rows
// 135 to 225, columns 195 to 285).
TEST(FileCameraView, TheDollyCameraMovesWithItsClip) {
  ExpectSquare(Render("--camera Dolly --clip Dolly --time 0.5"), Seen::kRed, 180, 300, 120, 240);
  ExpectSquare(Render("--camera Dolly --clip Dolly --time 0"), Seen::kRed, 195, 285, 135, 225);
}

// "Zoom" narrows Front's yfov through KHR_animation_pointer, LINEAR from
// 2 atan(1/2) to 2 atan(1/4): at 0.5 s the yfov is their mean,
// atan(1/2) + atan(1/4) = 0.70863 rad, and tan(0.35432) = 0.36956, so 2 m
// away half the picture's height is 0.73912 m: the 1 m square spans rows
// 180 -+ 0.5 / 0.73912 x 180 = 58 to 302 and, at 4:3, columns
// 240 -+ 0.5 / (0.73912 x 4/3) x 240 = 118 to 362.
// The clip "Dolly" leaves the yfov as the file has it.
TEST(FileCameraView, TheZoomClipNarrowsTheFrontCamerasFieldOfView) {
  ExpectSquare(Render("--camera Front --clip Zoom --time 0.5"), Seen::kRed, 118, 362, 58, 302);
  ExpectSquare(Render("--camera Front --clip Dolly --time 0.5"), Seen::kRed, 150, 330, 90, 270);
}

// "Side": orthographic, 4 m x 3 m of view, turned to look down -X at the
// green square (columns 180 to 300, rows 120 to 240); the blue square lies
// towards -Z, on the camera's right: columns 240 + (1.0 to 1.5) / 2 x 240 =
// 360 to 420, rows 180 -+ 0.25 / 1.5 x 180 = 150 to 210.
TEST(FileCameraView, TheTurnedOrthographicCameraSeesTheGreenSquareWithBlueOnItsRight) {
  const Picture side = Render("--camera Side");
  ExpectSquare(side, Seen::kGreen, 180, 300, 120, 240);
  ExpectSquare(side, Seen::kBlue, 360, 420, 150, 210);
}

TEST(FileCameraView, ANameTheFileLacksListsItsCamerasAndInfoListsThemToo) {
  const auto run = RunViewer("'" + kScene + "' --headless --camera Top --screenshot '" +
                             app_test::TempPath("none.png") + "'");
  EXPECT_NE(run.exit_code, 0);
  EXPECT_NE(run.err.find("no camera 'Top' in"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("its cameras: 'Front', 'Dolly', 'Side'"), std::string::npos) << run.err;
  const auto info = RunViewer("'" + kScene + "' --info");
  EXPECT_EQ(info.exit_code, 0) << info.err;
  EXPECT_NE(info.out.find("Camera 0: Front (perspective, 53.1 deg), on joint front"),
            std::string::npos)
      << info.out;
  EXPECT_NE(info.out.find("Camera 2: Side (orthographic, 4 x 3 m), on joint side"),
            std::string::npos)
      << info.out;
}

}  // namespace
