import type { FileRow, FileVersionRow } from "./get-file";
import { serializeFile } from "./serialize-file";

/** The `data` of every `file.*` webhook event (see the event catalogue). */
export function fileEventData(
  file: FileRow,
  options: { version?: FileVersionRow; actor: string; reason?: string | null },
) {
  const v = options.version;
  return {
    file: serializeFile(file),
    ...(v && {
      version: {
        id: v.id,
        number: v.number,
        sha256: v.sha256,
        size_bytes: v.sizeBytes,
        format: v.format,
        created_at: v.createdAt.toISOString(),
      },
    }),
    actor: { type: options.actor.startsWith("usr_") ? "user" : "api_key", id: options.actor },
    ...(options.reason ? { reason: options.reason } : {}),
  };
}
