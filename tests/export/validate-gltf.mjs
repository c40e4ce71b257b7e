// Runs the Khronos glTF validator (npm gltf-validator, pinned in package.json
// and package-lock.json beside this script) on one .glb or .gltf file.
//
// Usage: node validate-gltf.mjs NODE_MODULES_DIR FILE
//
// NODE_MODULES_DIR is where `npm ci` installed the package (tools/dev puts it
// in build/export-validator/node_modules). External resources (image and
// buffer URIs) are read relative to FILE after percent-decoding. Prints one
// JSON object: the validator's version, the counts of errors, warnings,
// infos and hints, and each message with its code, severity and pointer.
// Exit status: 0 when the report has no errors, 1 when it has, 2 when the
// validator could not run.

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const [modules, file] = process.argv.slice(2);
if (!modules || !file) {
  console.error('usage: node validate-gltf.mjs NODE_MODULES_DIR FILE');
  process.exit(2);
}

try {
  const require = createRequire(path.join(path.resolve(modules), 'quarry-validate.cjs'));
  const validator = require('gltf-validator');
  const folder = path.dirname(path.resolve(file));
  const bytes = new Uint8Array(await readFile(file));
  const report = await validator.validateBytes(bytes, {
    uri: path.basename(file),
    maxIssues: 0, // report every issue
    externalResourceFunction: async (uri) =>
      new Uint8Array(await readFile(path.join(folder, decodeURIComponent(uri)))),
  });
  const severities = ['error', 'warning', 'info', 'hint'];
  const issues = report.issues;
  console.log(JSON.stringify({
    validatorVersion: report.validatorVersion,
    errors: issues.numErrors,
    warnings: issues.numWarnings,
    infos: issues.numInfos,
    hints: issues.numHints,
    messages: issues.messages.map((m) => ({
      severity: severities[m.severity] ?? String(m.severity),
      code: m.code,
      message: m.message,
      pointer: m.pointer,
    })),
  }));
  process.exit(issues.numErrors > 0 ? 1 : 0);
} catch (e) {
  console.error(`validate-gltf: ${e?.message ?? e}`);
  process.exit(2);
}
