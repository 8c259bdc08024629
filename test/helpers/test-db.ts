import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateDb, openDb, type Db } from "@/lib/db/client";
import { scratchPostgres } from "./postgres";
import { createWorkspace } from "@/lib/workspaces/create-workspace";
import { createApiKey } from "@/lib/auth/api-keys";
import type { InfraPlan, QuotePlan, Scope } from "@/lib/plans/plans";

/**
 * A real, migrated database installed as the process-wide one, so route
 * handlers under test use it: a SQLite file in a temp folder, or, when
 * TEST_POSTGRES_URL names a PostgreSQL server (`npm run test:postgres`), a
 * scratch database on it (dropped by the global teardown). `dir` is a temp
 * folder either way.
 */
export async function useTestDb(): Promise<{ db: Db; file: string; dir: string; url: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-test-"));
  const file = path.join(dir, "test.db");
  const server = process.env.TEST_POSTGRES_URL;
  const url = server ? (await scratchPostgres(server)).url : `file:${file}`;
  const db = openDb(url);
  if (server) await migrateDb(db);
  (globalThis as { bengkelDb?: Db }).bengkelDb = db;
  return { db, file, dir, url };
}

export async function seedWorkspace(
  db: Db,
  options: { plan?: QuotePlan; infraPlan?: InfraPlan; scopes?: Scope[]; name?: string } = {},
) {
  const workspace = await createWorkspace(db, {
    name: options.name ?? "Test workshop",
    plan: options.plan,
    infraPlan: options.infraPlan,
  });
  const { key, secret } = await createApiKey(db, {
    workspaceId: workspace.id,
    name: "test",
    scopes: options.scopes ?? [],
  });
  return { workspace, key, secret };
}

export function apiRequest(
  url: string,
  init: { method?: string; key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Request {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers["content-type"] = "application/json";
  }
  return new Request(new URL(url, "http://localhost"), { method: init.method ?? "GET", headers, body });
}

export const routeParams = (params: Record<string, string>) => ({ params: Promise.resolve(params) });
