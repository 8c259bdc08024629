import { Unzip, UnzipInflate } from "fflate";
import { AppError } from "@/lib/api/app-error";

export const DEFAULT_MAX_UNZIPPED_BYTES = 512 * 1024 * 1024;
/** Compressed bytes pushed per step: bounds each inflated chunk (deflate expands at most ~1032×). */
const PUSH_CHUNK_BYTES = 16 * 1024;

/**
 * Extracts the entries selected by `wanted` with fflate's streaming unzip,
 * refusing archives (zip bombs) whose entries declare or actually inflate to
 * more than `maxUnzippedBytes` in total.
 */
export function readZipEntries(
  bytes: Uint8Array,
  archiveLabel: string,
  wanted: (entryName: string) => boolean,
  maxUnzippedBytes = DEFAULT_MAX_UNZIPPED_BYTES,
): Map<string, Uint8Array> {
  const entries = new Map<string, Uint8Array>();
  let inflatedBytes = 0;
  let failure: AppError | null = null;
  const tooLarge = () =>
    new AppError(
      "unreadable_file",
      `${archiveLabel} expands to more than ${formatMebibytes(maxUnzippedBytes)} when unpacked; refusing it as a possible zip bomb.`,
    );

  const unzip = new Unzip((file) => {
    if (failure || !wanted(file.name)) return;
    if (file.originalSize !== undefined && inflatedBytes + file.originalSize > maxUnzippedBytes) {
      failure = tooLarge();
      return;
    }
    const chunks: Uint8Array[] = [];
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = new AppError("unreadable_file", `${archiveLabel} entry "${file.name}" is damaged: ${error.message}`);
        return;
      }
      inflatedBytes += chunk.length;
      if (inflatedBytes > maxUnzippedBytes) {
        failure = tooLarge();
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) entries.set(file.name, concatenate(chunks));
    };
    file.start();
  });
  unzip.register(UnzipInflate);

  try {
    for (let offset = 0; offset < bytes.length && !failure; offset += PUSH_CHUNK_BYTES) {
      const end = Math.min(bytes.length, offset + PUSH_CHUNK_BYTES);
      unzip.push(bytes.subarray(offset, end), end === bytes.length);
    }
  } catch (error) {
    throw new AppError("unreadable_file", `${archiveLabel} is not a readable ZIP archive: ${(error as Error).message}`);
  }
  if (failure) throw failure;
  return entries;
}

function concatenate(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const joined = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.length;
  }
  return joined;
}

function formatMebibytes(bytes: number): string {
  return `${Number((bytes / 1024 / 1024).toPrecision(4))} MiB`;
}
