// Runs one wasm32-wasip1 program (a test, bench or example binary) under Node's built-in WASI
// (`node:wasi`, Node 18 or later), for .ci/runner:
//   node --no-warnings .ci/wasi.mjs PROGRAM.wasm [ARGS...]
// The program gets the caller's arguments and whole environment (LWC_KAT_DIR, LWC_TESTS_QUICK,
// LWC_BACKEND, CI, ...), stdin/stdout/stderr, and these folders at the same paths as here (WASI
// preopens): the folder in LWC_KAT_DIR (the vector files), the current folder and, when set,
// LWC_WASI_DIRS (more folders, separated by ':'). Exits with the program's exit status; a trap
// (a panic: wasm32-wasip1 aborts on panic) prints the error and exits 101.
import { readFileSync, existsSync, realpathSync } from "node:fs";
import { resolve, basename } from "node:path";
import { WASI } from "node:wasi";

const [file, ...args] = process.argv.slice(2);
if (!file) {
  console.error("usage: node .ci/wasi.mjs PROGRAM.wasm [ARGS...]");
  process.exit(2);
}
const dirs = [process.cwd()];
// WASI resolves a path inside a preopened folder and refuses `..` above it: the program gets the
// vector folder's path normalized (CI's default is <repo>/../shared/kat), the same as its preopen.
const env = { ...process.env };
if (env.LWC_KAT_DIR) {
  env.LWC_KAT_DIR = resolve(env.LWC_KAT_DIR);
  dirs.push(env.LWC_KAT_DIR);
}
for (const d of (process.env.LWC_WASI_DIRS || "").split(":")) if (d) dirs.push(resolve(d));
const preopens = {};
for (const d of dirs) if (existsSync(d)) preopens[d] = realpathSync(d);

const wasi = new WASI({
  version: "preview1",
  args: [basename(file), ...args],
  env,
  preopens,
  returnOnExit: true,
});
try {
  const module = await WebAssembly.compile(readFileSync(file));
  const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
  process.exitCode = wasi.start(instance);
} catch (e) {
  console.error(`wasi.mjs: ${basename(file)}: ${e && e.stack ? e.stack : e}`);
  process.exitCode = 101;
}
