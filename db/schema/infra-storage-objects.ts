import { sqliteTable, text, integer, primaryKey } from "drizzle-orm/sqlite-core";
import { storageBuckets } from "./infra-storage";

/**
 * The index of every object: S3 keys are arbitrary strings, so the bytes live in a file named by `blob` under the
 * bucket's folder and the key, ETag and metadata live here. Listing, usage and quotas are queries on this table.
 */
export const storageObjects = sqliteTable(
  "storage_objects",
  {
    bucket: text("bucket")
      .notNull()
      .references(() => storageBuckets.name, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** Denormalised from the bucket so quota sums need no join. */
    workspaceId: text("workspace_id").notNull(),
    blob: text("blob").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** S3's ETag without quotes: the MD5 in hex, or for a multipart object MD5(part MD5s)-N. */
    etag: text("etag").notNull(),
    contentType: text("content_type").notNull(),
    /** x-amz-meta-* headers (names lower-cased, without the prefix) as a JSON object. */
    metadata: text("metadata").notNull().default("{}"),
    modifiedAt: integer("modified_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] })],
);
