import { beforeAll, describe, expect, it } from "vitest";
import { POST as search } from "./route";
import { POST as analyze } from "@/app/v1/files/[id]/analyze/route";
import { apiRequest, routeParams, seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { boxStl, createTestFile, plateDxf, useTestBlobs } from "@/test/helpers/files";
import type { BlobStore } from "@/lib/files/blob-store";
import type { Db } from "@/lib/db/client";

const withText = (dxf: string, text: string) =>
  dxf.replace(
    "0\nENDSEC\n0\nEOF",
    ["0", "TEXT", "8", "0", "10", "1", "20", "1", "40", "2", "1", text, "0", "ENDSEC", "0", "EOF"].join("\n"),
  );

let db: Db;
let blobs: BlobStore;
let key: string;
let otherKey: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const { dir } = ({ db } = await useTestDb());
  blobs = useTestBlobs(dir);
  const a = await seedWorkspace(db, { plan: "pro", scopes: ["files:read", "files:write"] });
  const b = await seedWorkspace(db, { plan: "pro", scopes: ["files:read", "files:write"] });
  key = a.secret;
  otherKey = b.secret;
  const add = async (label: string, bytes: string, name: string, tags: string[] = [], workspace = a.workspace.id) => {
    ids[label] = (await createTestFile(db, blobs, workspace, bytes, name, tags)).file.id;
  };
  await add(
    "braket",
    withText(
      plateDxf(
        40,
        40,
        [
          [10, 10],
          [30, 30],
        ],
        6,
      ),
      "SS304 t=2",
    ),
    "braket-siku.dxf",
    ["pelanggan-a"],
  );
  await add("mount", boxStl(120, 60, 5), "mounting bracket.stl", ["printer"]);
  await add("gear", boxStl(40, 40, 8), "spur gear 40T petg.stl");
  await add(
    "base",
    plateDxf(
      200,
      100,
      [
        [20, 20],
        [180, 80],
      ],
      10,
    ),
    "base plate mild steel t3.dxf",
  );
  await add("akrilik", plateDxf(150, 80), "pelat akrilik 3mm.dxf");
  await add("poros", boxStl(100, 8, 8), "poros motor.stl");
  await add("secret", plateDxf(40, 40), "bracket stainless.dxf", [], b.workspace.id);
  for (const label of ["braket", "base", "akrilik"]) {
    const res = await analyze(
      apiRequest(`/v1/files/${ids[label]}/analyze`, { method: "POST", key }),
      routeParams({ id: ids[label] }),
    );
    expect(res.status).toBe(200);
  }
});

const find = async (body: unknown, secret = key) => {
  const res = await search(apiRequest("/v1/search", { method: "POST", key: secret, body }));
  return { status: res.status, json: await res.json() };
};
const names = async (body: unknown, secret = key) =>
  ((await find(body, secret)).json.data.results as { file: { id: string } }[]).map((r) =>
    Object.keys(ids).find((k) => ids[k] === r.file.id),
  );

describe("POST /v1/search", () => {
  it("finds an Indonesian-named file from an English query, with highlights", async () => {
    const { status, json } = await find({ query: "stainless steel bracket" });
    expect(status).toBe(200);
    const top = json.data.results[0];
    expect(top.file.id).toBe(ids.braket);
    expect(top.matched_fields).toEqual(expect.arrayContaining(["name", "metadata"]));
    expect(top.highlights.name).toBe("«braket»-«siku».dxf"); // siku (angle) is a kind of bracket
    expect(top.highlights.description_en).toMatch(/^«SS304 stainless steel bracket» 40 × 40 mm/);
    expect(top.score).toBeGreaterThan(json.data.results[1]?.score ?? 0);
  });

  it("finds English-named files from Indonesian queries", async () => {
    expect((await names({ query: "roda gigi" }))[0]).toBe("gear");
    expect((await names({ query: "pelat dasar baja" }))[0]).toBe("base");
    expect(await names({ query: "poros" })).toEqual(["poros"]);
  });

  it("tolerates typos and inflected words", async () => {
    expect((await names({ query: "brakcet" }))[0]).toMatch(/braket|mount/);
    expect(await names({ query: "dudukannya" })).toContain("mount");
  });

  it("never returns another workspace's files", async () => {
    expect(await names({ query: "bracket stainless" })).not.toContain("secret");
    expect(await names({ query: "bracket stainless" }, otherKey)).toEqual(["secret"]);
  });

  it("understands sizes and thickness", async () => {
    expect(await names({ query: "bracket under 50 mm" })).toEqual(["braket"]);
    const plates = await names({ query: "pelat tebal 3mm" });
    expect(plates.slice(0, 2).sort()).toEqual(["akrilik", "base"]);
    // braket-siku is 2 mm thick (t=2): a near miss, ranked after the 3 mm plates.
    expect(plates[2]).toBe("braket");
    const { json } = await find({ query: "pelat tebal 3mm" });
    expect(json.data.results[2].match).toEqual({
      numbers: "near",
      constraints: [expect.objectContaining({ attribute: "thickness", status: "near", actual: 2 })],
    });
    expect(json.data.interpretation.near_matches).toBe(1);
    expect(await names({ query: "lebih kecil dari 5 cm" })).toEqual(expect.arrayContaining(["braket", "gear"]));
    expect(await names({ query: "lebih kecil dari 5 cm" })).not.toContain("base");
  });

  it("keeps filters hard even when a number would rank", async () => {
    // base is a plate with 2 holes; the material filter still excludes the acrylic plate, whatever the numbers say.
    expect(await names({ query: "plate with 2 holes", filters: { material: ["mild_steel"] } })).toEqual(["base"]);
    expect(await names({ query: "pelat tebal 3mm", filters: { format: ["stl"] } })).not.toContain("base");
  });

  it("applies filters", async () => {
    expect(await names({ query: "bracket", filters: { format: ["stl"] } })).toEqual(["mount"]);
    expect(await names({ query: "bracket", filters: { tag: ["pelanggan-a"] } })).toEqual(["braket"]);
    expect(await names({ query: "plate", filters: { material: ["mild_steel"] } })).toEqual(["base"]);
    expect(await names({ query: "bracket", filters: { status: ["approved"] } })).toEqual([]);
    expect(await names({ query: "bracket", limit: 1 })).toHaveLength(1);
  });

  it("rejects an empty or over-long query", async () => {
    expect((await find({ query: "  " })).status).toBe(400);
    expect((await find({ query: "x".repeat(501) })).status).toBe(400);
    expect((await find({ query: "bracket", limit: 51 })).status).toBe(400);
  });

  it("needs the pro plan", async () => {
    const free = await seedWorkspace(db, { plan: "free", scopes: ["files:read"] });
    expect((await find({ query: "bracket" }, free.secret)).status).toBe(403);
  });
});

describe("POST /v1/search: numbers rank, they do not filter (issue #16)", () => {
  let ws: { secret: string; id: string };
  const query = async (q: string) => {
    const res = await search(apiRequest("/v1/search", { method: "POST", key: ws.secret, body: { query: q } }));
    expect(res.status).toBe(200);
    return (await res.json()).data as {
      results: {
        file: { id: string; name: string };
        score: number;
        match: { numbers: string; constraints: { attribute: string; status: string; actual: number | null }[] };
      }[];
      interpretation: {
        near_matches: number;
        no_results?: {
          reason: string;
          terms: { text: string; files: number }[];
          constraints: { text: string; met: number; near: number; closest: number | null }[];
        };
      };
    };
  };
  // A 160 × 100 mounting plate with five Ø8 holes: four in the corners and one in the middle.
  const fiveHoles: [number, number][] = [
    [15, 15],
    [145, 15],
    [15, 85],
    [145, 85],
    [80, 50],
  ];

  beforeAll(async () => {
    const w = await seedWorkspace(db, { plan: "pro", scopes: ["files:read", "files:write"] });
    ws = { secret: w.secret, id: w.workspace.id };
    const { file } = await createTestFile(db, blobs, ws.id, plateDxf(160, 100, fiveHoles, 8), "mounting plate.dxf");
    ids.five = file.id;
    await createTestFile(db, blobs, ws.id, boxStl(40, 40, 8), "spur gear.stl");
  });

  it("finds the only mounting plate (5 holes) for '4 holes' in both languages, flagged as a near match", async () => {
    for (const q of ["plate with 4 holes", "pelat dudukan dengan 4 lubang"]) {
      const data = await query(q);
      expect(data.results.map((r) => r.file.id)).toEqual([ids.five]);
      expect(data.results[0].match.numbers).toBe("near");
      expect(data.results[0].match.constraints).toEqual([
        expect.objectContaining({ attribute: "hole_count", status: "near", actual: 5 }),
      ]);
      expect(data.results[0].score).toBeLessThan(0.5);
      expect(data.interpretation.near_matches).toBe(1);
      expect(data.interpretation.no_results).toBeUndefined();
    }
  });

  it("ranks an exact 4-hole plate above the 5-hole one", async () => {
    const { file } = await createTestFile(
      db,
      blobs,
      ws.id,
      plateDxf(160, 100, fiveHoles.slice(0, 4), 8),
      "base plate.dxf",
    );
    for (const q of ["plate with 4 holes", "pelat dudukan dengan 4 lubang"]) {
      const data = await query(q);
      expect(data.results.map((r) => r.file.id)).toEqual([file.id, ids.five]);
      expect(data.results.map((r) => r.match.numbers)).toEqual(["met", "near"]);
      expect(data.results[0].score).toBeGreaterThanOrEqual(0.5);
      expect(data.interpretation.near_matches).toBe(1);
    }
  });

  it("says why an answer is empty", async () => {
    // 20 holes asked, 5 at most found: 75 % off, beyond the near window.
    const far = await query("plate with 20 holes");
    expect(far.results).toEqual([]);
    expect(far.interpretation.no_results?.constraints).toEqual([
      { text: "20 holes", attribute: "hole_count", met: 0, near: 0, closest: 5 },
    ]);
    expect(far.interpretation.no_results?.reason).toMatch(
      /None of the 2 files matching the words meets or comes near "20 holes" \(closest: 5\)/,
    );
    const words = await query("hovercraft propeller");
    expect(words.results).toEqual([]);
    expect(words.interpretation.no_results?.terms.every((t) => t.files === 0)).toBe(true);
    expect(words.interpretation.no_results?.reason).toMatch(/No file contains "hovercraft", "propeller"/);
  });
});
