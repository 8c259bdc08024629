import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeDrawing } from "@/lib/laser";
import { bytesOf, dxf, dxfDocument } from "@/lib/laser/testing/dxf-builder";
import { writeDrawingJson } from "./drawing-json";

const CORPUS = path.resolve("test/fixtures/corpus/dxf");

function written(analysis: Parameters<typeof writeDrawingJson>[0]): string {
  const chunks: Uint8Array[] = [];
  writeDrawingJson(analysis, (bytes) => chunks.push(bytes.slice()));
  return Buffer.concat(chunks).toString("utf8");
}

describe("writeDrawingJson", () => {
  it("writes what JSON.stringify writes: lone circles, chained and open contours, curves, warnings", async () => {
    const text = dxfDocument({
      entities: [
        dxf.lwpolyline(
          [
            [0, 0],
            [100, 0],
            [100, 60],
            [0, 60],
          ],
          true,
          { layer: "Kontur ü" },
        ),
        dxf.circle(20, 30, 5),
        dxf.arc(50, 30, 4, 0, 180),
        dxf.arc(50, 30, 4, 180, 360),
        dxf.circle(80.0004, 30.12345, 3.3),
        dxf.line(110, 0, 130, 10.5),
      ],
    });
    const analysis = await analyzeDrawing(bytesOf(text), "part.dxf");
    expect(analysis.geometry.warnings.length).toBeGreaterThan(0);
    expect(written(analysis)).toBe(JSON.stringify(analysis));
  });

  it.skipIf(!fs.existsSync(CORPUS))("matches JSON.stringify on every corpus drawing", async () => {
    for (const name of fs.readdirSync(CORPUS).filter((f) => f.toLowerCase().endsWith(".dxf"))) {
      const analysis = await analyzeDrawing(new Uint8Array(fs.readFileSync(path.join(CORPUS, name))), name).catch(
        () => null,
      );
      if (analysis) expect(written(analysis), name).toBe(JSON.stringify(analysis));
    }
  });
});
