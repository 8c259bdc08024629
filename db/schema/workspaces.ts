import { sqliteTable, text, integer } from "drizzle-orm/sqlite-core";

export const workspaces = sqliteTable("workspaces", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  plan: text("plan", { enum: ["free", "pro", "team"] })
    .notNull()
    .default("free"),
  infraPlan: text("infra_plan", { enum: ["solo_edge", "continental", "planetary"] })
    .notNull()
    .default("solo_edge"),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});
