// Bundles the `bengkel` CLI to plain JavaScript so it starts without a TypeScript loader.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const common = {
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: "linked",
  alias: { "@": "." },
  // Native addons and WebAssembly packages are loaded from node_modules at run time.
  external: ["better-sqlite3", "@node-rs/argon2", "occt-import-js", "@mlightcad/libredwg-web"],
  banner: {
    js: [
      'import { createRequire as __bkCreateRequire } from "node:module";',
      'import { fileURLToPath as __bkFileURLToPath } from "node:url";',
      "const require = __bkCreateRequire(import.meta.url);",
      'process.env.BENGKEL_ROOT ??= __bkFileURLToPath(new URL("..", import.meta.url));',
    ].join("\n"),
  },
  logLevel: "warning",
};

// The server's analysis child process (lib/analyze/analysis-pool.ts): one file, the engines inlined; and the second
// core's half of a large binary STL (lib/geometry/parallel-stl.ts) and of a large mesh's print estimate
// (lib/print-estimate/parallel-slice.ts), each one CommonJS file with no shared chunks, because a
// thread is ready sooner without the ES module loader (~50 ms against ~64 measured). `--analysis-child` builds only
// these (the unit tests' global setup), leaving the rest of dist/ alone.
// Written aside and renamed: a server or test run starting a child meanwhile never loads half a file.
const buildAtomically = async (options) => {
  const { outputFiles } = await build({ ...options, write: false });
  for (const { path: file, contents } of outputFiles) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(`${file}.${process.pid}.tmp`, contents);
    fs.renameSync(`${file}.${process.pid}.tmp`, file);
  }
};
const analysisChild = () =>
  Promise.all([
    buildAtomically({
      ...common,
      entryPoints: { "analysis-child": "lib/analyze/analysis-child.ts" },
      outdir: "dist",
      outExtension: { ".js": ".mjs" },
    }),
    buildAtomically({
      ...common,
      entryPoints: ["lib/geometry/workers/stl-thread.ts"],
      outfile: "dist/stl-thread.cjs",
      format: "cjs",
      banner: {},
    }),
    buildAtomically({
      ...common,
      entryPoints: ["lib/print-estimate/workers/slice-thread.ts"],
      outfile: "dist/slice-thread.cjs",
      format: "cjs",
      banner: {},
    }),
  ]);
if (process.argv.includes("--analysis-child")) {
  await analysisChild();
  process.exit(0);
}

// Chunk names are content hashes: start clean so stale chunks never pile up.
fs.rmSync("dist", { recursive: true, force: true });
await analysisChild();
await build({
  ...common,
  entryPoints: { cli: "lib/cli/main.ts" },
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  splitting: true, // commands load on demand: `analyze` never loads the database layer
});
