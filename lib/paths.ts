import path from "node:path";

/**
 * Root of the installed project. Worker scripts and WebAssembly live on disk
 * relative to it; bundlers (Next, esbuild) move our modules, so `import.meta.url`
 * is not a stable anchor. The CLI sets BENGKEL_ROOT from its own location.
 */
export function projectRoot(): string {
  return process.env.BENGKEL_ROOT ?? process.cwd();
}

export function resolveFromRoot(...segments: string[]): string {
  // Runtime paths only (data, workers, migrations): keep Turbopack from tracing the whole tree.
  return path.join(/*turbopackIgnore: true*/ projectRoot(), ...segments);
}
