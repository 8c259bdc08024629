import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";

/**
 * Blobs (by SHA-256) that an upload is about to use or a delete has left unreferenced. Blobs are never deleted
 * inline: the sweep (lib/files/sweep-unused-blobs.ts) claims a row only when no version uses the blob and nothing
 * reserved it for a grace period, so an upload of identical bytes on any instance cannot lose its blob.
 */
export const blobReservations = sqliteTable(
  "blob_reservations",
  {
    sha256: text("sha256").primaryKey(),
    /** The last upload that reserved these bytes (or the delete that left them unused). */
    reservedAt: integer("reserved_at", { mode: "timestamp_ms" }).notNull(),
    /** Set while a sweep deletes the blob; an upload that finds it waits for the row to go. */
    deletingAt: integer("deleting_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("blob_reservations_reserved_idx").on(t.reservedAt)],
);
