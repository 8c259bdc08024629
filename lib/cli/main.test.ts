import { spawn, spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const cli = ["--import", "tsx", "lib/cli/main.ts"];

describe("bengkel (CLI) errors", () => {
  it("a missing file is the documented JSON error on stderr, exit 1, no stack trace", () => {
    const run = spawnSync(process.execPath, [...cli, "quote", "/nonexistent/part.stl", "--json"], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(JSON.parse(run.stderr)).toEqual({
      error: { code: "not_found", message: "/nonexistent/part.stl: no such file.", param: "file" },
    });
    const folder = spawnSync(process.execPath, [...cli, "analyze", "lib"], { encoding: "utf8" });
    expect([folder.status, folder.stderr]).toEqual([1, "error (unreadable_file): lib: is a folder.\n"]);
  });

  it("stops quietly when the reader of its output goes away (| head)", async () => {
    const child = spawn(
      process.execPath,
      [...cli, "analyze", "test/fixtures/corpus/dxf/api-cw750-details.dxf", "--json"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once("data", () => child.stdout.destroy());
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });
});
