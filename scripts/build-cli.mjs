// Bundles the `bengkel` CLI to plain JavaScript so it starts without a TypeScript loader.
import fs from "node:fs";
import { build } from "esbuild";

// Chunk names are content hashes: start clean so stale chunks never pile up.
fs.rmSync("dist", { recursive: true, force: true });

await build({
  // stl-thread: the second core's half of a large binary STL (lib/geometry/parallel-stl.ts).
  entryPoints: { cli: "lib/cli/main.ts", "stl-thread": "lib/geometry/workers/stl-thread.ts" },
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  splitting: true, // commands load on demand: `analyze` never loads the database layer
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
});
