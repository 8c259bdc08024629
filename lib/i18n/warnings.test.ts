import { describe, expect, it } from "vitest";
import { box, table } from "@/lib/print-estimate/test-meshes";
import { estimateInProcess, familyProfiles } from "@/lib/quotes/choose-print-figures";
import { describeMeasuredMesh, type MeshFigures } from "@/lib/geometry/analyze";
import { analyzeDrawing } from "@/lib/laser";
import { suspectUnits } from "@/lib/laser/units";
import { bytesOf, dxf, dxfDocument } from "@/lib/laser/testing/dxf-builder";
import { buildLaserQuote, buildPrintQuote } from "@/lib/quotes/build-quote";
import { DEFAULT_CATALOG } from "@/lib/pricing/catalog";
import { WARNING_CODES, WARNING_TEXTS, warningText } from "./warnings";

type Warning = { code: string; message: string };

/** Mesh warnings straight from lib/geometry/analyze.ts, with counts large enough to need grouping. */
function meshWarnings(largestMm: number, n = 1234): Warning[] {
  const figures = {
    triangles: 10_000,
    vertices: 5_000,
    measured: {
      volume_cm3: 1,
      surface_area_cm2: 1,
      bbox_mm: { x: largestMm, y: 1, z: 1 },
      degenerateTriangles: n,
      components: [],
    },
    topology: { boundaryEdges: n, overusedEdges: n, misorientedEdges: n, parts: 1 },
  } as unknown as MeshFigures;
  return describeMeasuredMesh({ format: "stl", units: "assumed_mm" }, figures).geometry.warnings;
}

const plate = (x0 = 0) =>
  dxf.lwpolyline(
    [
      [x0, 0],
      [x0 + 100, 0],
      [x0 + 100, 60],
      [x0, 60],
    ],
    true,
  );

/** Drawing warnings from lib/laser, one drawing per code. */
async function drawingWarnings(): Promise<Warning[]> {
  const analyze = async (entities: string[], insunits: number | undefined = 4) =>
    (await analyzeDrawing(bytesOf(dxfDocument({ insunits, entities })), "part.dxf")).geometry.warnings;
  return [
    ...(await analyze([
      dxf.line(0, 0, 100, 0),
      dxf.line(100.05, 0, 100, 60),
      dxf.line(100, 60, 0, 60),
      dxf.line(0, 60, 0, 0),
    ])),
    ...(await analyze([plate(), dxf.line(0, 0, 100, 0)])),
    ...(await analyze([plate(), dxf.circle(50, 30, 0.3)])),
    ...(await analyze([plate(), dxf.text(10, 10, "A"), dxf.text(20, 10, "B")])),
    ...(await analyze([plate(), plate(200)])),
    ...(await analyze([plate(), dxf.line(2_000_000, 0, 2_000_050, 0)])),
    ...(await analyze(
      [
        dxf.lwpolyline(
          [
            [0, 0],
            [12.5, 0],
            [12.5, 6],
            [0, 6],
          ],
          true,
        ),
      ],
      undefined,
    )),
  ];
}

/** Quote warnings from lib/quotes/build-quote.ts for a part bigger than both machines. */
async function quoteWarnings(): Promise<Warning[]> {
  const limits = {
    printerVolumeMm: [256, 256, 256] as [number, number, number],
    laserBedMm: [3000, 1500] as [number, number],
  };
  const mesh = {
    ...({} as object),
    volume_cm3: 1,
    surface_area_cm2: 1,
    bbox_mm: { x: 1234.5, y: 300, z: 20 },
    warnings: [],
  };
  const drawing = { bbox_mm: { x: 4000, y: 1600.25 }, warnings: [] };
  return [
    ...buildPrintQuote(mesh as never, { infill_percent: 20, quantity: 1, materials: ["pla"] }, DEFAULT_CATALOG, limits)
      .warnings,
    ...(
      await estimateInProcess(box(0, 0, 0, 10, 10, 10), false, familyProfiles(DEFAULT_CATALOG, ["fdm"]), {
        infill: 20,
        supports: "none",
        partVolumeMm3: 1000,
      })
    ).warnings,
    ...(
      await estimateInProcess(table(), true, familyProfiles(DEFAULT_CATALOG, ["fdm"]), {
        infill: 20,
        supports: "none",
        partVolumeMm3: 4192,
      })
    ).warnings,
    ...buildLaserQuote(
      {
        ...drawing,
        cut_length_mm: 1,
        pierce_count: 1,
        area_cm2: 1,
        contours: 1,
        open_contours: 0,
        parts: 1,
        holes: 0,
        min_feature_mm: null,
        units: "millimeter",
        ignored: {},
        bend_lines: 0,
      } as never,
      DEFAULT_CATALOG,
      limits,
    ).warnings,
  ];
}

async function everyRealWarning(): Promise<Warning[]> {
  const laserUnits = [
    suspectUnits({ name: "assumed_mm", toMm: 1, declared: false }, 0, 100),
    suspectUnits({ name: "meter", toMm: 1000, declared: true }, null, 12_000),
  ].map((message) => ({ code: "UNIT_SUSPECT", message: message! }));
  return [
    ...meshWarnings(2500),
    ...meshWarnings(1.5, 1),
    ...(await drawingWarnings()),
    ...(await quoteWarnings()),
    ...laserUnits,
  ];
}

const byValue = (text: string) => text.replace(/\d[\d,]*(?:\.\d+)?/g, (n) => String(Number(n.replace(/,/g, ""))));

/** Both spellings of a count's noun and verb to one form, so "1 contour is" and "1 contour(s) are" compare equal. */
const pluralised = (text: string) =>
  text
    .replace(/\(s\)/g, "s")
    .replace(/^1 ([a-z ]*?)\b(is|are|was|were|it is|they are|a cut path|cut paths)\b/g, "1 $1")
    .replace(/\b(?:is|are|was|were)\b/g, "BE")
    .replace(/\b(?:it|they)\b/g, "PRON")
    .replace(/\b(contour|segment|object|cut path|edge|triangle)s?\b/g, "$1")
    .replace(/\ba (cut path)/g, "$1");

/** Words that only the English sentences use; none may survive in Indonesian. */
const ENGLISH = /\b(the|edges?|triangles?|is|are|was|were|part|drawing|contour|counted|wide|fit)\b/i;

describe("warnings in the dashboard's language", () => {
  it("every warning code has an English and an Indonesian sentence, with and without numbers", () => {
    expect(WARNING_CODES.sort()).toEqual(
      [
        "DEGENERATE_TRIANGLES",
        "DUPLICATE_LINES",
        "ESTIMATE_FALLBACK",
        "EXCEEDS_BUILD_VOLUME",
        "INCONSISTENT_WINDING",
        "MULTIPLE_PARTS",
        "NEEDS_SUPPORTS",
        "NON_MANIFOLD",
        "OPEN_CONTOUR",
        "OPEN_EDGES",
        "STRAY_GEOMETRY",
        "TEXT_NOT_OUTLINED",
        "TINY_FEATURES",
        "UNIT_SUSPECT",
      ].sort(),
    );
    for (const code of WARNING_CODES) {
      const entry = WARNING_TEXTS[code];
      expect(entry.en, code).toMatch(/\S/);
      expect(entry.id, code).toMatch(/\S/);
      expect(entry.id, code).not.toMatch(ENGLISH);
      expect(warningText({ code, message: "wording the patterns do not know" }, "id")).toBe(entry.id);
      expect(warningText({ code, message: "wording the patterns do not know" }, "en")).toBe(entry.en);
    }
  });

  it("every warning the analysers and the quote builder really produce is recognised, covering every code", async () => {
    const warnings = await everyRealWarning();
    expect(new Set(warnings.map((w) => w.code))).toEqual(new Set(WARNING_CODES));
    for (const w of warnings) {
      const id = warningText(w, "id");
      expect(id, w.message).not.toBe(WARNING_TEXTS[w.code as keyof typeof WARNING_TEXTS].id); // a variant matched: the numbers are kept
      expect(id, w.message).not.toMatch(ENGLISH);
      // English says what the API's message says, numbers compared by value ("100.0" = "100"), with
      // the API's "contour(s) are" made singular or plural for its count.
      const en = warningText(w, "en");
      expect(en, w.message).not.toMatch(/\(s\)/);
      expect(byValue(pluralised(en)), w.message).toBe(byValue(pluralised(w.message)));
    }
  });

  it("numbers from the message are written the reader's way", async () => {
    const [nonManifold, openEdges] = meshWarnings(2500);
    expect(openEdges.code).toBe("OPEN_EDGES");
    expect(openEdges.message).toMatch(/^1,234 edges belong/);
    expect(warningText(openEdges, "id")).toBe(
      "1.234 tepi hanya dimiliki satu segitiga: mesh ini berlubang, jadi volumenya tidak dapat diandalkan.",
    );
    expect(warningText(openEdges, "en")).toBe(
      "1,234 edges belong to only one triangle: the mesh has holes, so its volume is not reliable.",
    );
    expect(warningText(nonManifold, "id")).toMatch(/^1\.234 tepi dipakai bersama/);
    const one = meshWarnings(2500, 1).find((w) => w.code === "OPEN_EDGES")!;
    expect(warningText(one, "en")).toMatch(/^1 edge belongs to only one triangle/);
    const unit = meshWarnings(2500).find((w) => w.code === "UNIT_SUSPECT")!;
    expect(warningText(unit, "id")).toBe(
      "Bagian ini berukuran 2.500 mm pada sisi terpanjangnya. Jika itu bukan ukuran sebenarnya, file kemungkinan disimpan dalam mikrometer atau satuan berskala, bukan milimeter.",
    );
    const [tooBig] = await quoteWarnings();
    expect(warningText(tooBig, "id")).toBe(
      "Bagian ini (1.234,5 × 300 × 20 mm) tidak muat di ruang cetak 256 × 256 × 256 mm dalam orientasi sejajar sumbu mana pun; bagian harus dipecah.",
    );
    expect(warningText(tooBig, "en")).toMatch(
      /^The part \(1,234\.5 × 300 × 20 mm\) does not fit the 256 × 256 × 256 mm build volume/,
    );
    expect(
      warningText({ code: "TINY_FEATURES", message: "The smallest hole or slot is 0.60 mm wide; features …" }, "id"),
    ).toMatch(/^Lubang atau celah terkecil selebar 0,6 mm;/);
    expect(
      warningText(
        { code: "DUPLICATE_LINES", message: "1 duplicate or overlapping segment(s) (100.0 mm) were counted once." },
        "id",
      ),
    ).toBe("1 segmen ganda atau bertumpuk (100 mm) dihitung satu kali.");
    // English: singular or plural for the count, never "(s)".
    expect(
      warningText(
        { code: "DUPLICATE_LINES", message: "1 duplicate or overlapping segment(s) (100.0 mm) were counted once." },
        "en",
      ),
    ).toBe("1 duplicate or overlapping segment (100 mm) was counted once.");
    expect(
      warningText(
        { code: "OPEN_CONTOUR", message: "1 contour(s) are not closed; they are priced as cut paths …" },
        "en",
      ),
    ).toMatch(/^1 contour is not closed; it is priced as a cut path/);
    expect(
      warningText(
        { code: "OPEN_CONTOUR", message: "3 contour(s) are not closed; they are priced as cut paths …" },
        "en",
      ),
    ).toMatch(/^3 contours are not closed; they are priced as cut paths/);
    expect(warningText({ code: "TEXT_NOT_OUTLINED", message: "2 text object(s) are not cut. …" }, "en")).toMatch(
      /^2 text objects are not cut\./,
    );
  });

  it("an unknown code keeps the API's message", () => {
    expect(warningText({ code: "SOMETHING_NEW", message: "Something new." }, "id")).toBe("Something new.");
  });
});
