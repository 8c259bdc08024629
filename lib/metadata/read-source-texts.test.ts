import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { readSourceTexts } from "./read-source-texts";

const model = (objectName: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><model unit="millimeter" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02"><resources><object id="1" name="${objectName}" type="model"/></resources><build/></model>`;

/** The archive with its central directory entry repeated `copies` times under other names, all pointing at the one body. */
function withSharedBody(archive: Uint8Array, copies: number): Uint8Array {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  const end = archive.length - 22;
  const centralSize = view.getUint32(end + 12, true);
  const centralOffset = view.getUint32(end + 16, true);
  const record = archive.subarray(centralOffset, centralOffset + centralSize);
  const out = new Uint8Array(centralOffset + copies * centralSize + 22);
  out.set(archive.subarray(0, centralOffset));
  for (let k = 0; k < copies; k++) {
    const copy = record.slice();
    copy.set(strToU8(String(k).padStart(4, "0")), 46); // the name's first four characters
    out.set(copy, centralOffset + k * centralSize);
  }
  out.set(archive.subarray(end), centralOffset + copies * centralSize);
  const tail = new DataView(out.buffer, out.length - 22);
  tail.setUint16(8, copies, true);
  tail.setUint16(10, copies, true);
  tail.setUint32(12, copies * centralSize, true);
  return out;
}

describe("readSourceTexts on archives", () => {
  it("reads object names from the model parts of a 3MF, skipping parts declared over 4 MiB", () => {
    const archive = zipSync({
      "3D/3dmodel.model": strToU8(model("Bracket SS304")),
      "3D/huge.model": new Uint8Array(5 * 1024 * 1024),
    });
    expect(readSourceTexts(archive, "3mf")).toEqual([{ source: "object_name", text: "Bracket SS304" }]);
  });

  it("gives no texts, instead of gigabytes, for a zip whose entries all share one compressed body", () => {
    // 2000 names × 4 MiB each from a ~130 KB file; fflate's unzipSync used to inflate every one of them.
    const archive = withSharedBody(zipSync({ "0000.model": new Uint8Array(4 * 1024 * 1024 - 64) }, { level: 9 }), 2000);
    expect(archive.length).toBeLessThan(200 * 1024);
    expect(readSourceTexts(archive, "3mf")).toEqual([]);
  });
});
