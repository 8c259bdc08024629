import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDb, type Db } from "@/lib/db/client";
import { createWorkspace } from "@/lib/workspaces/create-workspace";
import { createApiKey } from "@/lib/auth/api-keys";
import type { InfraPlan, QuotePlan, Scope } from "@/lib/plans/plans";

/**
 * A real, migrated SQLite file in a temp folder, installed as the process-wide
 * database so route handlers under test use it.
 */
export function useTestDb(): { db: Db; file: string; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-test-"));
  const file = path.join(dir, "test.db");
  const db = openDb(`file:${file}`);
  (globalThis as { bengkelDb?: Db }).bengkelDb = db;
  return { db, file, dir };
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
