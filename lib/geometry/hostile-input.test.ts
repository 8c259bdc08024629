import { deflateSync, inflateSync, strToU8, Zip, ZipDeflate, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { MAX_PLACED_ITEMS } from "./formats/three-mf";
import { analyzeMesh } from "./index";
import { expectAppError, expectClose, toBytes } from "./testing/expectations";
import { createBox } from "./testing/shapes";
import { writeAmf, writeThreeMfModel, zipThreeMf } from "./testing/writers";
import { MAX_ENTRY_BYTES, readZipEntries } from "./unzip";

// Decompression and expansion bombs, generated here: each must be refused without inflating or building what
// it announces. No timing assertions: one that got through would blow the test timeout (or the heap) instead.

const boxModel = writeThreeMfModel(
  "millimeter",
  [{ id: 1, name: "Box", soup: createBox([10, 10, 10]) }],
  [{ objectId: 1 }],
);

/** Raw deflate of 1 + 258·matches zero bytes: a literal 0, then <length 258, distance 1> repeated (fixed Huffman, 13 bits each). */
function deflatedZeros(matches: number): Uint8Array {
  const out = new Uint8Array(Math.ceil((3 + 8 + 13 * matches + 7) / 8));
  let at = 0;
  let pending = 0;
  let pendingBits = 0;
  const put = (value: number, bits: number) => {
    pending |= value << pendingBits;
    for (pendingBits += bits; pendingBits >= 8; pendingBits -= 8, pending >>>= 8) out[at++] = pending & 255;
  };
  // Huffman codes are stored most significant bit first.
  const reversed = (code: number, bits: number) => {
    let value = 0;
    for (let k = 0; k < bits; k++) value |= ((code >> k) & 1) << (bits - 1 - k);
    return value;
  };
  put(0b011, 3); // final block, fixed Huffman
  put(reversed(0b00110000, 8), 8); // literal 0
  const match = reversed(0b11000101, 8); // symbol 285 (length 258); distance code 0 (distance 1) is the next five zero bits
  for (let k = 0; k < matches; k++) put(match, 13);
  put(0, 7); // end of block (symbol 256)
  if (pendingBits > 0) out[at++] = pending & 255;
  return out.subarray(0, at);
}

/** 2 GiB of zeros as 13.5 MB of deflate, made once. */
let twoGiBBody: Uint8Array | undefined;
const TWO_GIB_OF_MATCHES = Math.floor(2 ** 31 / 258);
const twoGiBOfZeros = () => (twoGiBBody ??= deflatedZeros(TWO_GIB_OF_MATCHES));

interface RawEntry {
  name: string;
  method: 0 | 8;
  body: Uint8Array;
  /** Uncompressed size written to both the local and the central header. */
  declaredSize: number;
}

/**
 * A ZIP written field by field, so its headers can say anything. Entries given the same `body` object share
 * one local record (overlapping entries); `zip64` moves sizes and offsets to ZIP64 fields as lib3mf does.
 */
function rawZip(entries: RawEntry[], zip64 = false): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  const written = new Map<Uint8Array, number>();
  let offset = 0;
  for (const entry of entries) {
    const name = strToU8(entry.name);
    if (!written.has(entry.body)) {
      const local = new Uint8Array(30 + name.length);
      const view = new DataView(local.buffer);
      view.setUint32(0, 0x04034b50, true);
      view.setUint16(4, 20, true);
      view.setUint16(8, entry.method, true);
      view.setUint32(18, entry.body.length, true);
      view.setUint32(22, entry.declaredSize, true);
      view.setUint16(26, name.length, true);
      local.set(name, 30);
      written.set(entry.body, offset);
      parts.push(local, entry.body);
      offset += local.length + entry.body.length;
    }
    const record = new Uint8Array(46 + name.length + (zip64 ? 28 : 0));
    const view = new DataView(record.buffer);
    view.setUint32(0, 0x02014b50, true);
    view.setUint16(4, 20, true);
    view.setUint16(6, zip64 ? 45 : 20, true);
    view.setUint16(10, entry.method, true);
    view.setUint32(20, zip64 ? 0xffffffff : entry.body.length, true);
    view.setUint32(24, zip64 ? 0xffffffff : entry.declaredSize, true);
    view.setUint16(28, name.length, true);
    view.setUint32(42, zip64 ? 0xffffffff : written.get(entry.body)!, true);
    record.set(name, 46);
    if (zip64) {
      const extra = 46 + name.length;
      view.setUint16(30, 28, true);
      view.setUint16(extra, 1, true);
      view.setUint16(extra + 2, 24, true);
      view.setBigUint64(extra + 4, BigInt(entry.declaredSize), true);
      view.setBigUint64(extra + 12, BigInt(entry.body.length), true);
      view.setBigUint64(extra + 20, BigInt(written.get(entry.body)!), true);
    }
    central.push(record);
  }
  const centralSize = central.reduce((sum, record) => sum + record.length, 0);
  const tail = new Uint8Array((zip64 ? 56 + 20 : 0) + 22);
  const view = new DataView(tail.buffer);
  let end = 0;
  if (zip64) {
    view.setUint32(0, 0x06064b50, true);
    view.setBigUint64(4, 44n, true);
    view.setBigUint64(24, BigInt(entries.length), true);
    view.setBigUint64(32, BigInt(entries.length), true);
    view.setBigUint64(40, BigInt(centralSize), true);
    view.setBigUint64(48, BigInt(offset), true);
    view.setUint32(56, 0x07064b50, true);
    view.setBigUint64(64, BigInt(offset + centralSize), true);
    view.setUint32(72, 1, true);
    end = 76;
  }
  view.setUint32(end, 0x06054b50, true);
  view.setUint16(end + 8, zip64 ? 0xffff : entries.length, true);
  view.setUint16(end + 10, zip64 ? 0xffff : entries.length, true);
  view.setUint32(end + 12, centralSize, true);
  view.setUint32(end + 16, zip64 ? 0xffffffff : offset, true);
  return concatenate([...parts, ...central, tail]);
}

/** A ZIP as streaming writers make it: flag bit 3, zero sizes in the local headers, the sizes only in data descriptors. */
function streamedZip(files: Record<string, Uint8Array[]>): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  for (const [name, pieces] of Object.entries(files)) {
    const entry = new ZipDeflate(name, { level: 9 });
    zip.add(entry);
    pieces.forEach((piece, k) => entry.push(piece, k === pieces.length - 1));
  }
  zip.end();
  return concatenate(chunks);
}

function concatenate(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

describe("zip bombs (3MF, zipped AMF)", () => {
  it("the bomb generator writes real deflate", () => {
    expect(inflateSync(deflatedZeros(100))).toEqual(new Uint8Array(1 + 258 * 100));
  });

  it("an entry whose headers say 1 KiB but that inflates to 2 GiB is stopped within its first chunks", async () => {
    const bomb = rawZip([{ name: "3D/3dmodel.model", method: 8, body: twoGiBOfZeros(), declaredSize: 1024 }]);
    const error = await expectAppError(
      analyzeMesh(bomb, "bomb.3mf"),
      "archive_too_large",
      /inflates to more than the 1,024 bytes its header declares/,
    );
    expect(error.message).toMatch(/save the file again .* ordinary zip tool/i);
  });

  it("the same entry declared honestly is refused before inflating: over the per-entry limit", async () => {
    const bomb = rawZip([
      { name: "3D/3dmodel.model", method: 8, body: twoGiBOfZeros(), declaredSize: 1 + 258 * TWO_GIB_OF_MATCHES },
    ]);
    const error = await expectAppError(
      analyzeMesh(bomb, "bomb.3mf"),
      "archive_too_large",
      /over the 512 MiB limit for one part/,
    );
    expect(error.details).toMatchObject({ max_entry_bytes: MAX_ENTRY_BYTES });
  });

  it("sizes only in data descriptors (flag bit 3): a real model still reads, a bomb is sized from the central directory", async () => {
    const model = streamedZip({ "3D/3dmodel.model": [strToU8(boxModel)] });
    const local = new DataView(model.buffer);
    expect([local.getUint16(6, true) & 8, local.getUint32(18, true), local.getUint32(22, true)]).toEqual([8, 0, 0]);
    expectClose((await analyzeMesh(model, "box.3mf")).geometry.volume_cm3, 1);

    const zeros = new Uint8Array(1024 * 1024);
    const bomb = streamedZip({ "3D/3dmodel.model": Array.from({ length: 32 }, () => zeros) });
    expect(bomb.length).toBeLessThan(64 * 1024);
    await expectAppError(
      analyzeMesh(bomb, "bomb.3mf"),
      "archive_too_large",
      /more than 16 MiB \(the allowance for a .* archive: 100× its size, at least 16 MiB\)/,
    );
  });

  it("many entries sharing one compressed body add up to more than the archive may unpack", async () => {
    const body = deflateSync(new Uint8Array(1024 * 1024), { level: 9 });
    const entries = Array.from({ length: 2000 }, (_, k) => ({
      name: `3D/part${k}.model`,
      method: 8 as const,
      body,
      declaredSize: 1024 * 1024,
    }));
    await expectAppError(analyzeMesh(rawZip(entries), "bomb.3mf"), "archive_too_large", /zip bomb/);
  });

  it("a zipped AMF bomb is refused the same way", async () => {
    const bomb = rawZip([{ name: "part.amf", method: 8, body: twoGiBOfZeros(), declaredSize: 4096 }]);
    await expectAppError(
      analyzeMesh(bomb, "part.amf"),
      "archive_too_large",
      /Zipped AMF entry "part.amf" inflates to more than/,
    );
  });

  it("ZIP64 fields (as lib3mf writes them) are read", async () => {
    const xml = strToU8(boxModel);
    const archive = rawZip(
      [{ name: "3D/3dmodel.model", method: 8, body: deflateSync(xml), declaredSize: xml.length }],
      true,
    );
    expectClose((await analyzeMesh(archive, "box.3mf")).geometry.volume_cm3, 1);
  });

  it("entries that are not wanted are never inflated", () => {
    const archive = rawZip([
      { name: "Metadata/thumbnail.png", method: 8, body: twoGiBOfZeros(), declaredSize: 16 },
      { name: "3D/3dmodel.model", method: 0, body: strToU8(boxModel), declaredSize: boxModel.length },
    ]);
    expect([...readZipEntries(archive, "3MF archive", (name) => name.endsWith(".model")).keys()]).toEqual([
      "3D/3dmodel.model",
    ]);
  });
});

describe("XML stays entity-free (3MF, AMF)", () => {
  const laughs = (root: string, body: string) => {
    const entities = ['<!ENTITY lol0 "lol">'];
    for (let k = 1; k <= 9; k++) entities.push(`<!ENTITY lol${k} "${`&lol${k - 1};`.repeat(10)}">`);
    return `<?xml version="1.0"?><!DOCTYPE ${root} [${entities.join("")}]>${body.replace("LAUGHS", "&lol9;")}`;
  };

  it("a billion-laughs 3MF model, relationships part or external entity → unreadable_file", async () => {
    const model = laughs("model", boxModel.replace(/^<\?xml[^>]*>\s*/, "").replace('name="Box"', 'name="LAUGHS"'));
    await expectAppError(analyzeMesh(zipThreeMf(model), "bomb.3mf"), "unreadable_file", /DOCTYPE\/entity declaration/);
    const rels = laughs(
      "Relationships",
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">LAUGHS</Relationships>',
    );
    const withRels = zipSync({ "_rels/.rels": strToU8(rels), "3D/3dmodel.model": strToU8(boxModel) });
    await expectAppError(analyzeMesh(withRels, "bomb.3mf"), "unreadable_file", /3MF relationships contains a DOCTYPE/);
    const external = `<?xml version="1.0"?><!DOCTYPE model [<!ENTITY x SYSTEM "file:///etc/passwd">]>${boxModel.replace(/^<\?xml[^>]*>\s*/, "").replace('name="Box"', 'name="&x;"')}`;
    await expectAppError(analyzeMesh(zipThreeMf(external), "xxe.3mf"), "unreadable_file", /DOCTYPE/);
  });

  it("a billion-laughs AMF, plain or zipped → unreadable_file", async () => {
    const amf = laughs(
      "amf",
      writeAmf("millimeter", [{ name: "LAUGHS", volumes: [createBox([1, 1, 1])] }]).replace(/^<\?xml[^>]*>\s*/, ""),
    );
    await expectAppError(analyzeMesh(toBytes(amf), "bomb.amf"), "unreadable_file", /DOCTYPE/);
    await expectAppError(analyzeMesh(zipSync({ "bomb.amf": strToU8(amf) }), "bomb.amf"), "unreadable_file", /DOCTYPE/);
  });

  it("an entity used without any declaration is not expanded either", async () => {
    await expectAppError(
      analyzeMesh(zipThreeMf(boxModel.replace('name="Box"', 'name="&lol9;"')), "x.3mf"),
      "unreadable_file",
      /not well-formed XML/,
    );
  });
});

describe("declared counts never drive allocations or loops past what the bytes hold", () => {
  it.each(["ascii", "binary_little_endian"])(
    "PLY (%s) declaring 4,000,000,000 vertices → unreadable_file from the header alone",
    async (encoding) => {
      const ply = `ply\nformat ${encoding} 1.0\nelement vertex 4000000000\nproperty float x\nproperty float y\nproperty float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n`;
      const error = await expectAppError(
        analyzeMesh(toBytes(ply), "bomb.ply"),
        "unreadable_file",
        /announces 4,000,000,000 "vertex" elements/,
      );
      expect(error.details).toMatchObject({ declared_count: 4_000_000_000 });
    },
  );

  it("a PLY element without properties is skipped whatever its count", async () => {
    const ply = [
      "ply",
      "format ascii 1.0",
      `element nothing ${Number.MAX_SAFE_INTEGER}`,
      "element vertex 3",
      "property float x",
      "property float y",
      "property float z",
      "element face 1",
      "property list uchar int vertex_indices",
      "end_header",
      "0 0 0",
      "1 0 0",
      "0 1 0",
      "3 0 1 2",
      "",
    ].join("\n");
    expect((await analyzeMesh(toBytes(ply), "triangle.ply")).geometry.triangles).toBe(1);
  });

  it("OFF, binary STL and OBJ with absurd counts or indices → unreadable_file", async () => {
    await expectAppError(
      analyzeMesh(toBytes("OFF\n4000000000 4000000000 0\n0 0 0\n"), "bomb.off"),
      "unreadable_file",
      /truncated/,
    );
    const stl = new Uint8Array(84 + 50);
    new DataView(stl.buffer).setUint32(80, 0xffffffff, true);
    await expectAppError(analyzeMesh(stl, "bomb.stl"), "unreadable_file", /4,294,967,295 triangles/);
    await expectAppError(
      analyzeMesh(toBytes("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 4000000000\n"), "bomb.obj"),
      "unreadable_file",
      /out of range/,
    );
  });

  it("a 3MF whose objects each place the next ten times (10^8 boxes) → analysis_too_large before placing any", async () => {
    const objects = [
      { id: 1, name: "Box", soup: createBox([1, 1, 1]) },
      ...Array.from({ length: 8 }, (_, k) => ({
        id: k + 2,
        name: `Level ${k + 2}`,
        components: Array.from({ length: 10 }, () => ({ objectId: k + 1 })),
      })),
    ];
    const error = await expectAppError(
      analyzeMesh(zipThreeMf(writeThreeMfModel("millimeter", objects, [{ objectId: 9 }])), "bomb.3mf"),
      "analysis_too_large",
      /placed too many times/,
    );
    expect(error.details).toMatchObject({ max_placed_items: MAX_PLACED_ITEMS });
  });
});
