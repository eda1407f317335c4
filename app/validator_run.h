// Running the Khronos glTF validator on one file: `node validate.js --json
// FILE` from tools/gltf_validator (scripts/install_validator.sh installs the
// npm package there). Blocking; app/validator_job.h runs it off the frame
// loop. Every way it cannot run ends in a report whose outcome says why.
#pragma once

#include <string>

#include "app/validator_report.h"

namespace animviewer {

struct ValidatorSetup {
  std::string node = "node";  // the command that runs JavaScript
  std::string directory;      // holds validate.js and node_modules/gltf-validator
};

// node on PATH, the validator in the source tree's tools/gltf_validator.
ValidatorSetup DefaultValidatorSetup();

// The validator reads .gltf and .glb files (by their extension, any case).
bool IsGltfPath(const std::string& path);

// Empty when `setup` can run the validator, else what is missing and how to
// install it.
std::string ValidatorMissing(const ValidatorSetup& setup);

// Validates `path`: a report, or an outcome of kNotGltf, kNotInstalled or
// kFailed with the reason. report.path is always `path`.
ValidatorReport RunValidator(const std::string& path, const ValidatorSetup& setup);

}  // namespace animviewer
