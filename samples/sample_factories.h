// One factory per sample file, gathered by MakeAllSamples().
#pragma once

#include <memory>

#include "samples/sample.h"

namespace samples {

std::unique_ptr<Sample> MakePlaybackSample();
std::unique_ptr<Sample> MakeBlendSample();
std::unique_ptr<Sample> MakeCrossFadeSample();
std::unique_ptr<Sample> MakeAdditiveSample();
std::unique_ptr<Sample> MakePartialBlendSample();
std::unique_ptr<Sample> MakeLocomotionSample();
std::unique_ptr<Sample> MakeDirectionalSample();
std::unique_ptr<Sample> MakeStateMachineSample();
std::unique_ptr<Sample> MakeCrowdSample();
std::unique_ptr<Sample> MakeGraphFileSample();
std::unique_ptr<Sample> MakeIkSample();
std::unique_ptr<Sample> MakeLookAtSample();
std::unique_ptr<Sample> MakeFeetOnGroundSample();
std::unique_ptr<Sample> MakeInertializationSample();
std::unique_ptr<Sample> MakeSkinningSample();
std::unique_ptr<Sample> MakeCompressionSample();
std::unique_ptr<Sample> MakeMorphTargetsSample();
std::unique_ptr<Sample> MakeMixerSample();
std::unique_ptr<Sample> MakeRetargetingSample();
std::unique_ptr<Sample> MakeMotionMatchingSample();

}  // namespace samples
