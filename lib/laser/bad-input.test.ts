import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { analyzeDrawing, detectDrawingFormat } from "./index";
import { bytesOf, dxf, dxfDocument } from "./testing/dxf-builder";

async function failure(bytes: Uint8Array, name: string, options = {}): Promise<DomainError> {
  try {
    await analyzeDrawing(bytes, name, options);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error("expected analyzeDrawing to fail");
}

const plateDxf = dxfDocument({
  entities: [
    dxf.lwpolyline(
      [
        [0, 0],
        [100, 0],
        [100, 60],
        [0, 60],
      ],
      true,
    ),
  ],
});
const dwgBytes = () => new Uint8Array(readFileSync("test/fixtures/corpus/dwg/2000_entities-2d.dwg"));

describe("format detection", () => {
  it("by content: DWG magic, DXF sections, renamed files still recognised", () => {
    expect(detectDrawingFormat(dwgBytes(), "x.dwg")).toBe("dwg");
    expect(detectDrawingFormat(bytesOf(plateDxf), "x.dxf")).toBe("dxf");
    expect(detectDrawingFormat(bytesOf(plateDxf), "upload.bin")).toBe("dxf");
    expect(detectDrawingFormat(bytesOf("solid cube\nendsolid"), "cube.stl")).toBeNull();
    expect(detectDrawingFormat(new Uint8Array([0, 1, 2, 3, 255, 254]), "x.dxf")).toBeNull();
  });
});

describe("bad input gives a typed 415/422, never a crash", () => {
  it("binary garbage named .dxf → unreadable_file (422)", async () => {
    const garbage = new Uint8Array(4096).map((_, k) => (k * 7919) % 256);
    const e = await failure(garbage, "part.dxf");
    expect(e.code).toBe("unreadable_file");
  });

  it("something that is not a drawing at all → unsupported_format (415)", async () => {
    const e = await failure(bytesOf("hello"), "notes.txt");
    expect(e.code).toBe("unsupported_format");
  });

  it("binary DXF → unsupported_format with advice", async () => {
    const e = await failure(bytesOf("AutoCAD Binary DXF\r\n\x1a\0rest"), "part.dxf");
    expect(e.code).toBe("unsupported_format");
    expect(e.message).toMatch(/ASCII DXF/);
  });

  it("truncated DXF → unreadable_file", async () => {
    const e = await failure(bytesOf(plateDxf.slice(0, Math.floor(plateDxf.length * 0.8))), "part.dxf");
    expect(e.code).toBe("unreadable_file");
    expect(e.message).toMatch(/incomplete|damaged/);
  });

  it("DXF with only text and dimensions → empty_geometry listing what was found", async () => {
    const e = await failure(
      bytesOf(dxfDocument({ entities: [dxf.text(0, 0, "hello"), dxf.dimension(0, 0, 10, 0)] })),
      "part.dxf",
    );
    expect(e.code).toBe("empty_geometry");
    expect(e.message).toMatch(/1 text/);
  });

  it("NaN coordinate → unreadable_file", async () => {
    const e = await failure(bytesOf(dxfDocument({ entities: [dxf.line(0, 0, Number.NaN, 5)] })), "part.dxf");
    expect(e.code).toBe("unreadable_file");
    expect(e.message).toMatch(/number/);
  });

  it("enormous coordinates → unreadable_file", async () => {
    const e = await failure(bytesOf(dxfDocument({ entities: [dxf.line(0, 0, 1e300, 5)] })), "part.dxf");
    expect(e.code).toBe("unreadable_file");
    expect(e.message).toMatch(/1,000 km/);
  });

  it("damaged spline knots → unreadable_file", async () => {
    const e = await failure(
      bytesOf(
        dxfDocument({
          entities: [
            dxf.spline(
              3,
              [0, 0, 1],
              [
                [0, 0],
                [1, 1],
                [2, 0],
                [3, 1],
              ],
            ),
          ],
        }),
      ),
      "part.dxf",
    );
    expect(e.code).toBe("unreadable_file");
  });

  it("DWG of an unsupported version (R12 / unknown future) → unsupported_format", async () => {
    for (const magic of ["AC1009", "AC1040"]) {
      const bytes = dwgBytes();
      bytes.set(bytesOf(magic), 0);
      const e = await failure(bytes, "old.dwg");
      expect(e.code).toBe("unsupported_format");
      expect(e.message).toContain(magic);
    }
  });

  it("DWG converter that does not finish in time is killed → unreadable_file", async () => {
    const e = await failure(dwgBytes(), "part.dwg", { dwgTimeoutMs: 30 });
    expect(e.code).toBe("unreadable_file");
    expect(e.message).toMatch(/timed out/);
  });

  it("DWG converter over its memory limit is stopped → unreadable_file", async () => {
    const e = await failure(dwgBytes(), "part.dwg", { dwgMemoryMb: 16 });
    expect(e.code).toBe("unreadable_file");
  });

  it("DWG with a valid header and garbage body → a 422, whatever LibreDWG salvages", async () => {
    const bytes = dwgBytes();
    for (let k = 32; k < bytes.length; k++) bytes[k] = (k * 2654435761) % 251;
    const e = await failure(bytes, "part.dwg");
    expect(["unreadable_file", "empty_geometry"]).toContain(e.code);
  });
});
