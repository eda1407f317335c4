// node validate.js [--json] FILE.gltf|FILE.glb
// Runs the Khronos glTF validator (npm gltf-validator) on one file.
// Without --json: prints its issue summary and every message. Exit status: 0
// when the file has no errors and no warnings (infos and hints are fine), 1
// when it has some, 2 when the file cannot be read or the validator is
// missing.
// With --json: prints the validator's own report as one line of JSON, its
// messages sorted errors first and cut to the first 100 of each severity
// ("truncated": true then; the counts stay every issue's), for the viewer's
// panel and --validate, and exits 0 whatever the report holds; 2 as above,
// with the reason on stderr.
'use strict';
const fs = require('fs');
const path = require('path');

const json = process.argv[2] === '--json';
const file = process.argv[json ? 3 : 2];
if (!file) {
  console.error('usage: node validate.js [--json] FILE.gltf');
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
  maxIssues: 0,  // every issue counted; --json cuts the list below
  externalResourceFunction: (uri) => new Promise((resolve, reject) => {
    fs.readFile(path.join(dir, decodeURIComponent(uri)), (err, data) =>
      err ? reject(err.toString()) : resolve(new Uint8Array(data)));
  }),
}).then((report) => {
  if (json) {
    // A window has no use for thousands of lines, but the counts must be
    // true: the list is cut, not the validation. Each severity keeps its
    // first messages, so 700 errors leave the warnings in view.
    const kMaxListedPerSeverity = 100;
    const issues = report.issues;
    const listed = [];
    for (let severity = 0; severity < 4; ++severity) {
      const all = issues.messages.filter((m) => m.severity === severity);
      listed.push(...all.slice(0, kMaxListedPerSeverity));
      if (all.length > kMaxListedPerSeverity) issues.truncated = true;
    }
    issues.messages = listed;
    console.log(JSON.stringify(report));
    process.exit(0);
  }
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
