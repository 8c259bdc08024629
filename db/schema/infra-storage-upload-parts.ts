import { sqliteTable, text, integer, primaryKey } from "drizzle-orm/sqlite-core";
import { storageUploads } from "./infra-storage-uploads";

export const storageUploadParts = sqliteTable(
  "storage_upload_parts",
  {
    uploadId: text("upload_id")
      .notNull()
      .references(() => storageUploads.id, { onDelete: "cascade" }),
    partNumber: integer("part_number").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** MD5 of the part in hex. */
    etag: text("etag").notNull(),
    modifiedAt: integer("modified_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.partNumber] })],
);
