import { sqliteTable, text, integer, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { MeshComponent, MeshGeometry } from "@/lib/geometry/types";
import type { LaserGeometry } from "@/lib/laser/types";
import { files, type FileFormat } from "./files";

/**
 * The stored analysis: `analyzeFile()`'s result without the laser display contours (recomputed on demand).
 * `components` is missing on versions analysed before components were listed.
 */
export type StoredAnalysis =
  | { kind: "mesh"; format: FileFormat; geometry: MeshGeometry; components?: MeshComponent[] }
  | { kind: "laser"; format: FileFormat; geometry: LaserGeometry };

export const fileVersions = sqliteTable(
  "file_versions",
  {
    id: text("id").primaryKey(),
    fileId: text("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    number: integer("number").notNull(),
    sha256: text("sha256").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    originalName: text("original_name").notNull(),
    format: text("format").$type<FileFormat>().notNull(),
    kind: text("kind", { enum: ["mesh", "laser"] }).notNull(),
    analysis: text("analysis", { mode: "json" }).$type<StoredAnalysis>().notNull(),
    /** Who uploaded: an API key id (key_…) or a user id (usr_…). */
    uploadedBy: text("uploaded_by").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("file_versions_file_number_idx").on(t.fileId, t.number),
    index("file_versions_sha_idx").on(t.sha256),
  ],
);
