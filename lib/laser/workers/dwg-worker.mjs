// DWG → plain entity data, one file per process. LibreDWG (GPL-3.0) in WebAssembly
// keeps global state and can hang or abort on damaged files, so every conversion
// gets a fresh instance in a throwaway child the parent can time out and kill.
// Protocol: parent sends { bytes: Uint8Array }; we reply { ok: true, drawing } or { ok: false, message }.
import { fileURLToPath } from "node:url";

const SKIP_BLOCKS = /^\*(MODEL|PAPER)_SPACE/i;

/** Drops xdata and handles: only geometry crosses the process boundary. */
function slim(entity) {
  const {
    xdata: _x,
    handle: _h,
    ownerBlockRecordSoftId: _o,
    ownerDictionaryHardId: _d,
    ownerDictionarySoftId: _s,
    ...rest
  } = entity;
  return rest;
}

async function convert(bytes) {
  const { Dwg_File_Type, LibreDwg } = await import("@mlightcad/libredwg-web");
  const wasmDir = fileURLToPath(new URL("../wasm/", import.meta.resolve("@mlightcad/libredwg-web")));
  const libredwg = await LibreDwg.create(wasmDir);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const data = libredwg.dwg_read_data(buffer, Dwg_File_Type.DWG);
  if (data == null) throw new Error("LibreDWG could not read the file");
  const db = libredwg.convert(data);
  libredwg.dwg_free(data);
  return {
    insunits: db.header?.INSUNITS ?? null,
    measurement: db.header?.MEASUREMENT ?? null,
    entities: db.entities.map(slim),
    layers: (db.tables?.LAYER?.entries ?? []).map((l) => ({ name: l.name, lineType: l.lineType })),
    linetypes: (db.tables?.LTYPE?.entries ?? []).map((t) => ({ name: t.name, dashes: t.numberOfLineTypes ?? 0 })),
    blocks: (db.tables?.BLOCK_RECORD?.entries ?? [])
      .filter((b) => !SKIP_BLOCKS.test(b.name))
      .map((b) => ({ name: b.name, basePoint: b.basePoint, entities: (b.entities ?? []).map(slim) })),
  };
}

// The parent may be a worker thread that is terminated mid-job: its IPC channel closes and nobody would kill us.
process.once("disconnect", () => process.exit(1));

process.once("message", async (message) => {
  let reply;
  try {
    reply = { ok: true, drawing: await convert(message.bytes) };
  } catch (error) {
    reply = { ok: false, message: String(error?.message ?? error) };
  }
  process.send(reply, () => process.exit(0));
});
