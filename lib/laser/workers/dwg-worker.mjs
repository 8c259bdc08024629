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

/** R13–R2000 store a polyline's vertices as separate objects between its first and last vertex handles. */
const SEQUENCE_VERSIONS = new Set(["AC1012", "AC1014", "AC1015"]);
const POLYLINE_TYPES = new Set([15, 16]); // DWG_TYPE_POLYLINE_2D, _3D
const VERTEX_TYPES = new Set([10, 11]); // DWG_TYPE_VERTEX_2D, _3D

/**
 * Vertices of every R13–R2000 POLYLINE, by its handle (hex, as the converter writes it), read from the
 * vertex objects whose handles run from first_vertex to last_vertex inclusive. The converter in
 * libredwg-web stops one short on these files (a closed 3D polyline lost its last vertex).
 */
function sequenceVertices(libredwg, data) {
  const vertices = new Map();
  const polylines = [];
  const count = libredwg.dwg_get_num_objects(data);
  for (let i = 0; i < count; i++) {
    const obj = libredwg.dwg_get_object(data, i);
    const type = obj ? libredwg.dwg_object_get_fixedtype(obj) : -1;
    if (!VERTEX_TYPES.has(type) && !POLYLINE_TYPES.has(type)) continue;
    const tio = libredwg.dwg_object_to_entity_tio(obj);
    const handle = Number(libredwg.dwg_object_get_handle_object(obj)?.value ?? -1);
    if (POLYLINE_TYPES.has(type)) {
      const first = libredwg.dwg_ref_get_absref(libredwg.dwg_dynapi_entity_data(tio, "first_vertex"));
      const last = libredwg.dwg_ref_get_absref(libredwg.dwg_dynapi_entity_data(tio, "last_vertex"));
      if (first && last && last >= first) polylines.push({ handle, first: Number(first), last: Number(last) });
      continue;
    }
    const point = libredwg.dwg_dynapi_entity_data(tio, "point");
    const bulge = type === 10 ? libredwg.dwg_dynapi_entity_data(tio, "bulge") : 0;
    const flag = libredwg.dwg_dynapi_entity_data(tio, "flag");
    if (point) vertices.set(handle, { x: point.x, y: point.y, z: point.z ?? 0, bulge: bulge ?? 0, flag: flag ?? 0 });
  }
  const out = new Map();
  for (const { handle, first, last } of polylines) {
    if (last - first > 10_000_000) continue;
    const list = [];
    for (let h = first; h <= last; h++) if (vertices.has(h)) list.push(vertices.get(h));
    out.set(handle.toString(16).toUpperCase(), list);
  }
  return out;
}

/** Puts the complete vertex list on polylines the converter cut short. */
function withVertices(entity, sequences) {
  if (!sequences || (entity.type !== "POLYLINE2D" && entity.type !== "POLYLINE3D")) return entity;
  const full = sequences.get(String(entity.handle).toUpperCase());
  const short = entity.vertices ?? [];
  // Only a longer list that starts with what the converter read: handles are a range, not a chain.
  const extendsIt = full && full.length > short.length && short.every((v, k) => v.x === full[k].x && v.y === full[k].y);
  return extendsIt ? { ...entity, vertices: full } : entity;
}

async function convert(bytes) {
  const { Dwg_File_Type, LibreDwg } = await import("@mlightcad/libredwg-web");
  const wasmDir = fileURLToPath(new URL("../wasm/", import.meta.resolve("@mlightcad/libredwg-web")));
  const libredwg = await LibreDwg.create(wasmDir);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const data = libredwg.dwg_read_data(buffer, Dwg_File_Type.DWG);
  if (data == null) throw new Error("LibreDWG could not read the file");
  const version = String.fromCharCode(...bytes.subarray(0, 6));
  const sequences = SEQUENCE_VERSIONS.has(version) ? sequenceVertices(libredwg, data) : null;
  const db = libredwg.convert(data);
  libredwg.dwg_free(data);
  const fix = (e) => slim(withVertices(e, sequences));
  return {
    insunits: db.header?.INSUNITS ?? null,
    measurement: db.header?.MEASUREMENT ?? null,
    entities: db.entities.map(fix),
    layers: (db.tables?.LAYER?.entries ?? []).map((l) => ({ name: l.name, lineType: l.lineType })),
    linetypes: (db.tables?.LTYPE?.entries ?? []).map((t) => ({ name: t.name, dashes: t.numberOfLineTypes ?? 0 })),
    blocks: (db.tables?.BLOCK_RECORD?.entries ?? [])
      .filter((b) => !SKIP_BLOCKS.test(b.name))
      .map((b) => ({ name: b.name, basePoint: b.basePoint, entities: (b.entities ?? []).map(fix) })),
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
