import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { DEFAULT_CATALOG } from "@/lib/pricing";
import { runPricesExport, runPricesSet, runPricesShow } from "./prices";

let dir: string;
let workspaceId: string;
beforeAll(() => {
  const test = useTestDb();
  dir = test.dir;
  workspaceId = seedWorkspace(test.db).workspace.id;
  vi.stubEnv("DATABASE_URL", `file:${test.file}`);
});
afterEach(() => vi.restoreAllMocks());

async function output(run: () => void | Promise<void>): Promise<string> {
  const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  await run();
  return write.mock.calls.map(([chunk]) => String(chunk)).join("");
}

describe("bengkel prices", () => {
  it("shows version 1 (the default), exports it, and publishes an edited copy as version 2", async () => {
    const shown = JSON.parse(await output(() => runPricesShow({ workspace: workspaceId }, true)));
    expect(shown).toMatchObject({ version: 1, created_by: "system", catalog: DEFAULT_CATALOG });
    const exported = JSON.parse(await output(() => runPricesExport({ workspace: workspaceId })));
    expect(exported).toEqual(DEFAULT_CATALOG);

    exported.laser.setup_idr = 40_000;
    const file = path.join(dir, "catalog.json");
    fs.writeFileSync(file, JSON.stringify(exported));
    const published = JSON.parse(await output(() => runPricesSet({ workspace: workspaceId, file, note: "new bed" }, true)));
    expect(published).toMatchObject({ version: 2, created_by: "cli", note: "new bed" });
    expect(await output(() => runPricesShow({ workspace: workspaceId }, false))).toContain("Catalogue v2");
  });

  it("refuses an invalid catalogue, a non-JSON file and an unknown workspace", async () => {
    const bad = path.join(dir, "bad.json");
    fs.writeFileSync(bad, JSON.stringify({ ...DEFAULT_CATALOG, laser: undefined }));
    await expect(runPricesSet({ workspace: workspaceId, file: bad }, true)).rejects.toMatchObject({ code: "invalid_request", param: "laser" });
    fs.writeFileSync(bad, "{");
    await expect(runPricesSet({ workspace: workspaceId, file: bad }, true)).rejects.toMatchObject({ code: "invalid_json" });
    expect(() => runPricesShow({ workspace: "ws_unknown" }, true)).toThrow(/No workspace ws_unknown/);
  });
});
