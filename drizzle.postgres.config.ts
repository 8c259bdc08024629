import { defineConfig } from "drizzle-kit";

// The same tables as drizzle.config.ts, in their PostgreSQL form (db/postgres-tables.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema-postgres.ts",
  out: "./db/migrations-postgres",
});
