#include "samples/sample_factories.h"

namespace samples {

std::vector<std::unique_ptr<Sample>> MakeAllSamples() {
  std::vector<std::unique_ptr<Sample>> all;
  all.push_back(MakePlaybackSample());
  all.push_back(MakeBlendSample());
  all.push_back(MakeCrossFadeSample());
  all.push_back(MakeAdditiveSample());
  all.push_back(MakePartialBlendSample());
  all.push_back(MakeLocomotionSample());
  all.push_back(MakeDirectionalSample());
  all.push_back(MakeStateMachineSample());
  all.push_back(MakeCrowdSample());
  all.push_back(MakeGraphFileSample());
  all.push_back(MakeIkSample());
  all.push_back(MakeLookAtSample());
  all.push_back(MakeFeetOnGroundSample());
  all.push_back(MakeInertializationSample());
  all.push_back(MakeSkinningSample());
  all.push_back(MakeCompressionSample());
  all.push_back(MakeMorphTargetsSample());
  all.push_back(MakeMixerSample());
  all.push_back(MakeRetargetingSample());
  all.push_back(MakeMotionMatchingSample());
  return all;
}

}  // namespace samples
