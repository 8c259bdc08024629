import { sqliteTable, text, integer, real, index } from "drizzle-orm/sqlite-core";
import { files } from "./files";

/**
 * Extracted metadata of a file's current version, one row per file, plus the
 * numbers search filters on. `doc_id` is the rowid of the file's row in the
 * `search_fts` FTS5 table (custom SQL in the migration: drizzle-kit cannot
 * describe virtual tables); a trigger removes that row when this one goes.
 */
export const fileMetadata = sqliteTable(
  "file_metadata",
  {
    docId: integer("doc_id").primaryKey({ autoIncrement: true }),
    fileId: text("file_id")
      .notNull()
      .unique()
      .references(() => files.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    versionId: text("version_id").notNull(),
    /** The `FileMetadata` document (lib/metadata) returned by the API. */
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    /** Texts read from the original bytes (DXF text/layers, 3MF/AMF names), kept so a rename can re-index without them. */
    sourceTexts: text("source_texts", { mode: "json" }).$type<{ source: string; text: string }[]>().notNull(),
    material: text("material"),
    shapeClass: text("shape_class").notNull(),
    /** Bounding-box extents sorted large → small (mm); `dim_min` is null for laser parts of unknown thickness. */
    dimMax: real("dim_max"),
    dimMid: real("dim_mid"),
    dimMin: real("dim_min"),
    thicknessMm: real("thickness_mm"),
    holeCount: integer("hole_count"),
    /** JSON array of hole diameters (mm), for `json_each` filters. */
    holeDiameters: text("hole_diameters", { mode: "json" }).$type<number[]>().notNull(),
    volumeCm3: real("volume_cm3"),
    /** Material volume as printed at 20 % infill (mesh) or area × thickness (laser); × density = weight. */
    massVolumeCm3: real("mass_volume_cm3"),
    densityGCm3: real("density_g_cm3"),
    cutLengthMm: real("cut_length_mm"),
    analyzedAt: integer("analyzed_at", { mode: "timestamp_ms" }),
    indexedAt: integer("indexed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("file_metadata_workspace_idx").on(t.workspaceId)],
);
