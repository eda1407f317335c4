// A hand-written BVH take, shared by the BVH importer tests and the
// fuzzer's seeds (fuzz/make_bvh_seeds.cpp), so no gtest here.
#pragma once

namespace bvh_test {

// The hand-written take of bvh_import_test.cpp: a root with six channels, a
// child with three in Z X Y order, an End Site, three frames. Line numbers
// matter to the error tests (bvh_bad_input_test.cpp): HIERARCHY is line 1.
inline constexpr char kWalk[] =
    "HIERARCHY\n"
    "ROOT Hips\n"
    "{\n"
    "  OFFSET 0 0 0\n"
    "  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
    "  JOINT Chest\n"
    "  {\n"
    "    OFFSET 0 10 0\n"
    "    CHANNELS 3 Zrotation Xrotation Yrotation\n"
    "    End Site\n"
    "    {\n"
    "      OFFSET 0 5 0\n"
    "    }\n"
    "  }\n"
    "}\n"
    "MOTION\n"
    "Frames: 3\n"
    "Frame Time: 0.5\n"
    "1 2 3 0 0 0 0 0 0\n"
    "4 5 6 90 0 0 90 90 0\n"
    "7 8 9 0 0 0 0 90 90\n";

}  // namespace bvh_test
