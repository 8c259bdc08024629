import { Inflate } from "fflate";
import { DomainError } from "@/lib/errors";
import { formatBytes } from "./text-lines";

const MIB = 1024 * 1024;
/** All selected entries of one archive together, at most: 1 GiB of model XML is ~16 M triangles, about what one analysis can hold. */
export const DEFAULT_MAX_UNZIPPED_BYTES = 1024 * MIB;
/** One entry, at most: it is inflated into one buffer of its declared size, allocated before inflating. */
export const MAX_ENTRY_BYTES = 512 * MIB;
/**
 * Inflated bytes per archive byte, at most. Mesh XML deflates 8–13× (measured on grids and spheres, 6 and 9
 * decimals); deflate itself reaches 1032×, which is where bombs sit.
 */
export const MAX_INFLATION_RATIO = 100;
/** Archives may always inflate this much, whatever their ratio: tiny files have odd ratios and cannot hurt. */
export const RATIO_FREE_BYTES = 16 * MIB;
/** Compressed bytes pushed per step: bounds each inflated chunk (deflate expands at most ~1032×), so an overrun stops within 17 MB. */
const PUSH_CHUNK_BYTES = 16 * 1024;

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const ZIP64_EXTRA = 0x0001;
const OVERFLOW_32 = 0xffffffff;

const utf8 = new TextDecoder("utf-8");
/** Names without flag bit 11 are code page 437, which agrees with Latin-1 on the ASCII that part names use. */
const latin1 = new TextDecoder("latin1");

interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  /** Uncompressed size as the central directory declares it (the local header may hold 0: data descriptor, flag bit 3). */
  size: number;
  localOffset: number;
}

/**
 * Extracts the entries selected by `wanted` (which also sees each entry's declared size). Sizes come from the
 * central directory, which has them even when the local headers defer them to a data descriptor; every
 * selected entry is checked against MAX_ENTRY_BYTES, and their sum against `maxUnzippedBytes` and
 * MAX_INFLATION_RATIO × the archive, before anything is inflated. Inflating then stops as soon as an entry
 * passes its declared size, so no size a header states is trusted.
 */
export function readZipEntries(
  bytes: Uint8Array,
  archiveLabel: string,
  wanted: (entryName: string, declaredBytes: number) => boolean,
  maxUnzippedBytes = DEFAULT_MAX_UNZIPPED_BYTES,
): Map<string, Uint8Array> {
  const selected = readCentralDirectory(bytes, archiveLabel).filter((entry) => wanted(entry.name, entry.size));
  const ratioLimit = Math.max(RATIO_FREE_BYTES, MAX_INFLATION_RATIO * bytes.length);
  const limit = Math.min(maxUnzippedBytes, ratioLimit);
  let declared = 0;
  for (const entry of selected) {
    if (entry.size > MAX_ENTRY_BYTES) {
      throw new DomainError(
        "archive_too_large",
        `${archiveLabel} entry "${entry.name}" unpacks to ${formatSize(entry.size)}, over the ${formatSize(MAX_ENTRY_BYTES)} limit for one part. Reduce the model's triangle count or split it into several files.`,
        { details: { entry: entry.name, declared_bytes: entry.size, max_entry_bytes: MAX_ENTRY_BYTES } },
      );
    }
    declared += entry.size;
    if (declared > limit) {
      const which =
        limit === maxUnzippedBytes
          ? `the ${formatSize(limit)} limit`
          : `the allowance for a ${formatSize(bytes.length)} archive: ${MAX_INFLATION_RATIO}× its size, at least ${formatSize(RATIO_FREE_BYTES)}`;
      throw new DomainError(
        "archive_too_large",
        `${archiveLabel} unpacks to more than ${formatSize(limit)} (${which}); refusing it as a possible zip bomb. If it is a real model, reduce its triangle count or split it; otherwise save it again with the program that made it.`,
        { details: { max_unzipped_bytes: limit, max_inflation_ratio: MAX_INFLATION_RATIO } },
      );
    }
  }
  const entries = new Map<string, Uint8Array>();
  for (const entry of selected) entries.set(entry.name, extractEntry(bytes, entry, archiveLabel));
  return entries;
}

function notZip(archiveLabel: string, detail: string): DomainError {
  return new DomainError(
    "unreadable_file",
    `${archiveLabel} is not a readable ZIP archive (${detail}); it may have been truncated. Save it again and upload it again.`,
  );
}

function readCentralDirectory(bytes: Uint8Array, archiveLabel: string): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  // Past 2^53 the value is no offset or size in any file we can hold: it only has to fail the bounds checks.
  const u64 = (at: number) => u32(at) + u32(at + 4) * 2 ** 32;

  // The end record is the last 22 bytes, followed by a comment of up to 65,535 bytes.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (u32(at) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw notZip(archiveLabel, "no central directory at its end");
  let count = u16(end + 10);
  let at = u32(end + 16);
  if (end >= 20 && u32(end - 20) === ZIP64_END_LOCATOR) {
    const record = u64(end - 12);
    if (record + 56 > end || u32(record) !== ZIP64_END) throw notZip(archiveLabel, "damaged ZIP64 end record");
    count = u64(record + 32);
    at = u64(record + 48);
  }

  const entries: ZipEntry[] = [];
  for (let k = 0; k < count; k++) {
    if (at + 46 > bytes.length || u32(at) !== CENTRAL_HEADER)
      throw notZip(archiveLabel, `central directory entry ${k + 1} of ${count} is missing`);
    const flags = u16(at + 8);
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const nameEnd = at + 46 + nameLength;
    if (nameEnd + extraLength > bytes.length) throw notZip(archiveLabel, `central directory entry ${k + 1} is cut off`);
    const entry: ZipEntry = {
      name: (flags & 0x800 ? utf8 : latin1).decode(bytes.subarray(at + 46, nameEnd)),
      flags,
      method: u16(at + 10),
      compressedSize: u32(at + 20),
      size: u32(at + 24),
      localOffset: u32(at + 42),
    };
    if (entry.size === OVERFLOW_32 || entry.compressedSize === OVERFLOW_32 || entry.localOffset === OVERFLOW_32) {
      // ZIP64: each field that overflowed is in extra field 1, in this order.
      let field = findExtraField(view, nameEnd, nameEnd + extraLength, ZIP64_EXTRA);
      if (field < 0) throw notZip(archiveLabel, `entry "${entry.name}" lacks its ZIP64 sizes`);
      if (entry.size === OVERFLOW_32) {
        entry.size = u64(field);
        field += 8;
      }
      if (entry.compressedSize === OVERFLOW_32) {
        entry.compressedSize = u64(field);
        field += 8;
      }
      if (entry.localOffset === OVERFLOW_32) entry.localOffset = u64(field);
    }
    entries.push(entry);
    at = nameEnd + extraLength + u16(at + 32);
  }
  return entries;
}

/** Offset of the data of extra field `id` within [from, to), or -1. */
function findExtraField(view: DataView, from: number, to: number, id: number): number {
  for (let at = from; at + 4 <= to; at += 4 + view.getUint16(at + 2, true)) {
    if (view.getUint16(at, true) === id) return at + 4;
  }
  return -1;
}

function extractEntry(bytes: Uint8Array, entry: ZipEntry, archiveLabel: string): Uint8Array {
  const damaged = (detail: string) =>
    new DomainError("unreadable_file", `${archiveLabel} entry "${entry.name}" is damaged: ${detail}.`);
  if (entry.flags & 1)
    throw new DomainError(
      "unreadable_file",
      `${archiveLabel} entry "${entry.name}" is encrypted; save the file again without a password.`,
    );
  const header = entry.localOffset;
  if (header + 30 > bytes.length) throw damaged("its local header is missing");
  const local = new DataView(bytes.buffer, bytes.byteOffset + header, 30);
  if (local.getUint32(0, true) !== LOCAL_HEADER) throw damaged("its local header is missing");
  // Only the name and extra lengths are read here: the sizes are the central directory's.
  const dataStart = header + 30 + local.getUint16(26, true) + local.getUint16(28, true);
  if (dataStart + entry.compressedSize > bytes.length) throw damaged("the archive ends inside it");
  const data = bytes.subarray(dataStart, dataStart + entry.compressedSize);
  if (entry.method === 0) {
    if (data.length !== entry.size)
      throw damaged(`stored with ${formatBytes(data.length)} but declared as ${formatBytes(entry.size)}`);
    return data;
  }
  if (entry.method !== 8)
    throw new DomainError(
      "unreadable_file",
      `${archiveLabel} entry "${entry.name}" uses compression method ${entry.method}; save the file again with ordinary (deflate) compression.`,
    );

  const out = new Uint8Array(entry.size);
  let written = 0;
  let overrun = false;
  const inflater = new Inflate((chunk) => {
    if (written + chunk.length > out.length) overrun = true;
    else out.set(chunk, written);
    written += chunk.length;
  });
  try {
    for (let at = 0; at < data.length && !overrun; at += PUSH_CHUNK_BYTES) {
      inflater.push(data.subarray(at, at + PUSH_CHUNK_BYTES), at + PUSH_CHUNK_BYTES >= data.length);
    }
  } catch (error) {
    throw damaged((error as Error).message);
  }
  if (overrun) {
    throw new DomainError(
      "archive_too_large",
      `${archiveLabel} entry "${entry.name}" inflates to more than the ${formatSize(entry.size)} its header declares (stopped at ${formatSize(written)}); refusing it as a possible zip bomb. Save the file again with the program that made it, or with an ordinary zip tool.`,
      { details: { entry: entry.name, declared_bytes: entry.size } },
    );
  }
  if (written !== entry.size)
    throw damaged(`it inflates to ${formatBytes(written)} but is declared as ${formatBytes(entry.size)}`);
  return out;
}

function formatSize(bytes: number): string {
  return bytes < MIB ? formatBytes(bytes) : `${Number((bytes / MIB).toPrecision(4))} MiB`;
}
