import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspaces";

export const FILE_STATUSES = ["draft", "pending_approval", "approved", "rejected"] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

export const FILE_FORMATS = ["stl", "3mf", "obj", "amf", "ply", "off", "step", "iges", "brep", "dxf", "dwg"] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

export const files = sqliteTable(
  "files",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Format of the latest version: stl, 3mf, obj, amf, ply, off, step, iges, brep, dxf, dwg. */
    format: text("format").$type<FileFormat>().notNull(),
    /** "mesh" (3D printing) or "laser" (2D cutting), from the latest version. */
    kind: text("kind", { enum: ["mesh", "laser"] }).notNull(),
    status: text("status", { enum: FILE_STATUSES }).notNull().default("draft"),
    /** Normalised (trimmed, lower-case, unique) tags, at most 20. */
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull(),
    currentVersionId: text("current_version_id").notNull(),
    versionCount: integer("version_count").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("files_workspace_created_idx").on(t.workspaceId, t.createdAt, t.id)],
);
