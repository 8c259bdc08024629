import { sqliteTable, text, integer, uniqueIndex } from "drizzle-orm/sqlite-core";
import { fileVersions } from "./file-versions";

/**
 * What the 3D-print estimators learnt about a version under one print profile (issue #15): the layer
 * estimator's infill-independent basis, or the real slicer's figures at one infill and supports setting.
 * Versions and profiles are immutable (a profile is keyed by the hash of its settings), so rows never go stale.
 */
export const printEstimates = sqliteTable(
  "print_estimates",
  {
    /** pe_… */
    id: text("id").primaryKey(),
    versionId: text("version_id")
      .notNull()
      .references(() => fileVersions.id, { onDelete: "cascade" }),
    /** SHA-256 of the process and its settings (lib/quotes/print-estimates.ts). */
    profileKey: text("profile_key").notNull(),
    method: text("method", { enum: ["layers", "slicer"] }).notNull(),
    /** "" for the layer basis; "<supports>:<infill %>" for a slicer run. */
    variant: text("variant").notNull(),
    status: text("status", { enum: ["done", "failed"] }).notNull(),
    /** The basis or the figures, as JSON (typed arrays tagged, see print-estimates.ts). */
    data: text("data").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("print_estimates_key_idx").on(t.versionId, t.profileKey, t.method, t.variant)],
);
