import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { boxStl, plateDxf } from "@/test/helpers/files";
import { formatIdr } from "@/lib/i18n/format";
import { runQuote } from "./quote";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-quote-cli-"));
  fs.writeFileSync(path.join(dir, "box.stl"), boxStl(40, 30, 20));
  fs.writeFileSync(
    path.join(dir, "plate.dxf"),
    plateDxf(100, 50, [
      [25, 25],
      [75, 25],
    ]),
  );
});
afterEach(() => vi.restoreAllMocks());

async function output(file: string, options: { json: boolean; infill?: string }): Promise<string> {
  const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  await runQuote([path.join(dir, file)], options);
  return write.mock.calls.map(([chunk]) => String(chunk)).join("");
}

describe("bengkel quote", () => {
  it("prices a mesh offline with the default catalogue, as JSON", async () => {
    const out = JSON.parse(await output("box.stl", { json: true, infill: "20" }));
    expect(out).toMatchObject({
      file: "box.stl",
      process: "print_3d",
      catalog: "default",
      infill_percent: 20,
      warnings: [],
    });
    expect(out.quotes.map((q: { material_id: string }) => q.material_id)).toEqual([
      "pla",
      "petg",
      "abs",
      "tpu",
      "asa",
      "nylon_pa12",
      "resin_sla",
    ]);
    // The layer estimator runs offline too: PrusaSlicer 2.5.0 slices this box to 10.64 g with the same profile.
    expect(out.estimate.fdm.method).toBe("layers");
    expect(Math.abs(out.quotes[0].weight_g / 10.64 - 1)).toBeLessThan(0.03);
  });

  it("prints a table with rupiah, and more infill costs more", async () => {
    const text = await output("box.stl", { json: false });
    expect(text).toContain("20 % infill");
    const pla = JSON.parse(await output("box.stl", { json: true })).quotes[0];
    expect(text).toMatch(
      new RegExp(
        `PLA\\s+${pla.weight_g.toFixed(2).replace(".", "\\.")} g\\s+${pla.print_time_min.toFixed(1).replace(".", "\\.")} min\\s+${formatIdr(pla.price_idr)}`,
      ),
    );
    const full = JSON.parse(await output("box.stl", { json: true, infill: "100" }));
    expect(full.quotes[0].price_idr).toBeGreaterThan(pla.price_idr);
  });

  it("gives drawings the 20 laser quotes", async () => {
    const out = JSON.parse(await output("plate.dxf", { json: true }));
    expect(out).toMatchObject({ process: "laser", geometry: { pierce_count: 3 } });
    expect(out.quotes).toHaveLength(20);
    expect(await output("plate.dxf", { json: false })).toContain(formatIdr(38_900));
  });

  it("refuses an infill outside 0–100", async () => {
    await expect(runQuote([path.join(dir, "box.stl")], { json: true, infill: "150" })).rejects.toMatchObject({
      code: "invalid_request",
    });
  });
});
