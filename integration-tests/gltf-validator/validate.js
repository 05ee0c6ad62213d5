// Validates one .glb with the Khronos glTF validator and prints its report summary as JSON:
// {"errors": N, "warnings": N, "infos": N, "hints": N, "messages": [...first 20...]}.
// Exit code 0 when the file was validated (whatever it found), 3 when validation could not run.
const fs = require('fs');
const validator = require('gltf-validator');
const data = new Uint8Array(fs.readFileSync(process.argv[2]));
validator.validateBytes(data, { maxIssues: 100 }).then((report) => {
  const i = report.issues;
  console.log(JSON.stringify({ errors: i.numErrors, warnings: i.numWarnings, infos: i.numInfos, hints: i.numHints,
    messages: i.messages.slice(0, 20), info: report.info }));
}).catch((e) => {
  console.error('validation failed: ' + e);
  process.exit(3);
});
