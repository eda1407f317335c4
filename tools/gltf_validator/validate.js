// node validate.js FILE.gltf|FILE.glb
// Runs the Khronos glTF validator (npm gltf-validator) on one file and prints
// its issue summary and every error and warning. Exit status: 0 when the
// file has no errors and no warnings (infos and hints are fine), 1 when it
// has some, 2 when the file cannot be read or the validator is missing.
'use strict';
const fs = require('fs');
const path = require('path');

const file = process.argv[2];
if (!file) {
  console.error('usage: node validate.js FILE.gltf');
  process.exit(2);
}
let validator;
try {
  validator = require('gltf-validator');
} catch (e) {
  console.error('validate.js: gltf-validator is not installed (run npm ci in ' + __dirname + ')');
  process.exit(2);
}
let bytes;
try {
  bytes = new Uint8Array(fs.readFileSync(file));
} catch (e) {
  console.error('validate.js: cannot read ' + file + ': ' + e.message);
  process.exit(2);
}
const dir = path.dirname(file);
validator.validateBytes(bytes, {
  uri: path.basename(file),
  maxIssues: 0,  // no limit
  externalResourceFunction: (uri) => new Promise((resolve, reject) => {
    fs.readFile(path.join(dir, decodeURIComponent(uri)), (err, data) =>
      err ? reject(err.toString()) : resolve(new Uint8Array(data)));
  }),
}).then((report) => {
  const issues = report.issues;
  console.log(`${file}: ${issues.numErrors} errors, ${issues.numWarnings} warnings, ` +
              `${issues.numInfos} infos, ${issues.numHints} hints`);
  for (const m of issues.messages) {
    const level = ['error', 'warning', 'info', 'hint'][m.severity];
    console.log(`  ${level} ${m.code} ${m.pointer || ''}: ${m.message}`);
  }
  process.exit(issues.numErrors === 0 && issues.numWarnings === 0 ? 0 : 1);
}, (error) => {
  console.error('validate.js: validator failed on ' + file + ': ' + error);
  process.exit(2);
});
