import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { idempotencyKeys } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { AppError } from "./app-error";
import { successResponse } from "./envelope";
import { newId } from "@/lib/ids";

const KEEP_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * Runs an operation marked `idempotent` once per `Idempotency-Key` (per workspace and path, kept 24 h): a retry
 * with the same body gets the stored response again, a different body under the same key is 409. Failures are
 * not stored, so a client may retry them. Called by the request pipeline (route.ts), never by a route file.
 */
export async function withIdempotency(
  db: Db,
  ctx: { request: Request; workspace: { id: string }; body: unknown },
  status: 200 | 201 | 202,
  run: () => Promise<unknown> | unknown,
  now = new Date(),
): Promise<Response> {
  const key = ctx.request.headers.get("idempotency-key");
  if (key === null) return successResponse("v1", await run(), status, {});
  if (!KEY_PATTERN.test(key)) {
    throw new AppError("invalid_request", "`Idempotency-Key` must be 1–255 visible ASCII characters.", {
      param: "Idempotency-Key",
    });
  }
  const path = new URL(ctx.request.url).pathname;
  const requestHash = createHash("sha256")
    .update(canonicalJson(ctx.body ?? null))
    .digest("hex");
  const scope = and(
    eq(idempotencyKeys.workspaceId, ctx.workspace.id),
    eq(idempotencyKeys.key, key),
    eq(idempotencyKeys.path, path),
  );

  await db.delete(idempotencyKeys).where(and(scope, lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEEP_MS))));
  const claimed = (
    await db
      .insert(idempotencyKeys)
      .values({ id: newId("idempotencyKey"), workspaceId: ctx.workspace.id, key, path, requestHash, createdAt: now })
      .onConflictDoNothing()
      .returning()
  )[0];
  if (!claimed) return replay((await db.select().from(idempotencyKeys).where(scope).limit(1))[0]!, requestHash);

  try {
    const response = successResponse("v1", await run(), status, {});
    const body = await response.clone().text();
    await db.update(idempotencyKeys).set({ status, body }).where(eq(idempotencyKeys.id, claimed.id));
    return response;
  } catch (error) {
    await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, claimed.id));
    throw error;
  }
}

function replay(stored: typeof idempotencyKeys.$inferSelect, requestHash: string): Response {
  if (stored.requestHash !== requestHash) {
    throw new AppError("conflict", "This Idempotency-Key was already used with a different request body.", {
      param: "Idempotency-Key",
    });
  }
  if (stored.status === null || stored.body === null) {
    throw new AppError("conflict", "A request with this Idempotency-Key is still in progress; retry shortly.", {
      param: "Idempotency-Key",
    });
  }
  return new Response(stored.body, {
    status: stored.status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "Idempotent-Replayed": "true",
    },
  });
}

/** Key order must not matter: `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Drops keys past their 24 h. */
export async function purgeIdempotencyKeys(db: Db, now = new Date()): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEEP_MS)));
}

/** Purges every 10 minutes, started once by instrumentation.ts; the timer does not keep the process alive. */
export function startIdempotencyPurge(db: Db): void {
  setInterval(async () => await purgeIdempotencyKeys(db), 10 * 60_000).unref();
}
