import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { eq } from "drizzle-orm";
import { apiKeys, usageCounters } from "@/db/schema";
import { route } from "./route";
import { defineOperation } from "./operation";
import { AppError } from "./app-error";
import { apiRequest, routeParams, seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { createApiKey, revokeApiKey } from "@/lib/auth/api-keys";
import { quotaWindow, rateWindow } from "@/lib/usage/consume-request";
import type { Db } from "@/lib/db/client";

const echo = defineOperation({
  operationId: "echo",
  method: "post",
  path: "/v1/echo/{id}",
  summary: "test",
  tags: ["test"],
  envelope: "v1",
  service: "quote",
  params: z.object({ id: z.string().startsWith("x_") }),
  query: z.object({ n: z.coerce.number().int().min(1).max(5).default(1) }),
  body: z.object({ infill: z.number().min(0).max(100) }).optional(),
  response: z.object({ id: z.string(), n: z.number(), infill: z.number().nullable() }),
});
const echoHandler = route(echo, ({ params, query, body }) => ({
  id: params.id,
  n: query.n,
  infill: body?.infill ?? null,
}));

const proOnly = defineOperation({
  ...echo,
  operationId: "proOnly",
  plan: "pro",
  scope: "quotes",
  params: undefined,
  query: undefined,
  body: undefined,
  response: z.object({}),
});
const proHandler = route(proOnly, () => ({}));

const legacy = defineOperation({
  ...proOnly,
  operationId: "legacy",
  envelope: "legacy",
  plan: undefined,
  scope: undefined,
  response: z.object({ quotes: z.array(z.number()) }),
});
const legacyHandler = route(legacy, () => ({ quotes: [1, 2] }));

const infra = defineOperation({ ...legacy, operationId: "infra", envelope: "v1", service: "infra" });
const infraHandler = route(infra, () => ({ quotes: [] }));

const throwing = (error: unknown) =>
  route({ ...legacy, envelope: "v1" }, () => {
    throw error;
  });

let db: Db;
beforeAll(async () => ({ db } = await useTestDb()));

async function call(
  handler: (r: Request, a?: never) => Promise<Response>,
  init: Parameters<typeof apiRequest>[1] & { url?: string; params?: Record<string, string> },
) {
  const res = await handler(
    apiRequest(init.url ?? "/v1/echo/x_1", init),
    routeParams(init.params ?? { id: "x_1" }) as never,
  );
  return { res, json: await res.json() };
}

describe("request pipeline", () => {
  it("answers with the v1 envelope, rate-limit headers and a request id", async () => {
    const { secret } = await seedWorkspace(db);
    const { res, json } = await call(echoHandler, {
      method: "POST",
      key: secret,
      url: "/v1/echo/x_1?n=3",
      body: { infill: 20 },
    });
    expect(res.status).toBe(200);
    expect(json).toEqual({ success: true, data: { id: "x_1", n: 3, infill: 20 } });
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    expect(res.headers.get("x-ratelimit-limit")).toBe("1000");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("999");
    expect(res.headers.get("ratelimit-policy")).toBe('"daily";q=1000;w=86400');
    expect(res.headers.get("ratelimit")).toMatch(/^"daily";r=999;t=\d+$/);
    expect(Number(res.headers.get("x-ratelimit-reset"))).toBe(quotaWindow(new Date()).resetAt.getTime() / 1000);
  });

  it("small JSON is marked no-transform (the server would gzip it at a cost above its worth), large JSON is not", async () => {
    const { secret } = await seedWorkspace(db);
    const { res } = await call(echoHandler, { method: "POST", key: secret, body: { infill: 20 } });
    expect(res.headers.get("cache-control")).toBe("no-store, no-transform");
    const big = route({ ...legacy, envelope: "v1" }, () => ({ quotes: Array.from({ length: 5000 }, (_, i) => i) }));
    const { res: bigRes } = await call(big, { method: "POST", key: secret });
    expect(bigRes.headers.get("cache-control")).toBe("no-store");
  });

  it("keeps a well-formed incoming X-Request-Id", async () => {
    const { secret } = await seedWorkspace(db);
    const { res } = await call(echoHandler, {
      method: "POST",
      key: secret,
      headers: { "x-request-id": "trace-12345678" },
    });
    expect(res.headers.get("x-request-id")).toBe("trace-12345678");
  });

  it("uses the legacy {ok} envelope on /api routes", async () => {
    const { secret } = await seedWorkspace(db);
    const ok = await call(legacyHandler, { method: "POST", key: secret });
    expect(ok.json).toEqual({ ok: true, quotes: [1, 2] });
    const bad = await call(legacyHandler, { method: "POST" });
    expect(bad.json).toMatchObject({ ok: false, error: { code: "unauthorized", type: "authentication_error" } });
  });

  describe("401", () => {
    it.each([
      ["missing", undefined, "Missing API key"],
      ["malformed", "nope", "Invalid API key"],
      ["unknown", "bk_live_" + "A".repeat(43), "Invalid API key"],
    ])("%s key", async (_, key, message) => {
      const { res, json } = await call(echoHandler, { method: "POST", key });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(res.headers.get("x-request-id")).toBe(json.request_id);
      expect(json).toMatchObject({
        success: false,
        error: { code: "unauthorized", message: expect.stringContaining(message) },
      });
    });

    it("revoked key", async () => {
      const { workspace, key, secret } = await seedWorkspace(db);
      await revokeApiKey(db, workspace.id, key.id);
      const { res, json } = await call(echoHandler, { method: "POST", key: secret });
      expect(res.status).toBe(401);
      expect(json.error.message).toMatch(/revoked/);
    });

    it("expired key, and a key expiring later still works", async () => {
      const { workspace } = await seedWorkspace(db);
      const expired = await createApiKey(db, {
        workspaceId: workspace.id,
        name: "old",
        scopes: [],
        expiresAt: new Date(Date.now() - 1000),
      });
      const live = await createApiKey(db, {
        workspaceId: workspace.id,
        name: "new",
        scopes: [],
        expiresAt: new Date(Date.now() + 60_000),
      });
      const a = await call(echoHandler, { method: "POST", key: expired.secret });
      expect(a.res.status).toBe(401);
      expect(a.json.error.message).toMatch(/expired/);
      expect((await call(echoHandler, { method: "POST", key: live.secret })).res.status).toBe(200);
    });

    it("records last_used_at", async () => {
      const { key, secret } = await seedWorkspace(db);
      await call(echoHandler, { method: "POST", key: secret });
      expect((await db.select().from(apiKeys).where(eq(apiKeys.id, key.id)).limit(1))[0]?.lastUsedAt).toBeInstanceOf(
        Date,
      );
    });
  });

  describe("403", () => {
    it("plan_required names the plan needed", async () => {
      const { secret } = await seedWorkspace(db, { plan: "free" });
      const { res, json } = await call(proHandler, { method: "POST", key: secret });
      expect(res.status).toBe(403);
      expect(json.error).toMatchObject({
        code: "plan_required",
        details: { required_plan: "pro", current_plan: "free" },
      });
      expect(res.headers.get("x-ratelimit-limit")).toBe("1000");
    });

    it("insufficient_scope", async () => {
      const { secret } = await seedWorkspace(db, { plan: "pro", scopes: ["files:read"] });
      const { res, json } = await call(proHandler, { method: "POST", key: secret });
      expect(res.status).toBe(403);
      expect(json.error).toMatchObject({ code: "insufficient_scope", details: { required_scope: "quotes" } });
    });

    it("passes with the right plan and scope (team is above pro)", async () => {
      const { secret } = await seedWorkspace(db, { plan: "team", scopes: ["quotes"] });
      expect((await call(proHandler, { method: "POST", key: secret })).res.status).toBe(200);
    });
  });

  describe("400", () => {
    it("lists zod issues in details and names the param", async () => {
      const { secret } = await seedWorkspace(db);
      const { res, json } = await call(echoHandler, { method: "POST", key: secret, body: { infill: 150 } });
      expect(res.status).toBe(400);
      expect(json.error).toMatchObject({ code: "invalid_request", param: "infill" });
      expect(json.error.details.issues[0]).toMatchObject({ param: "infill", in: "body", code: "too_big" });
    });

    it("wrong type", async () => {
      const { secret } = await seedWorkspace(db);
      const { json } = await call(echoHandler, { method: "POST", key: secret, body: { infill: "20" } });
      expect(json.error).toMatchObject({ code: "invalid_request", param: "infill" });
    });

    it("invalid query and path parameters", async () => {
      const { secret } = await seedWorkspace(db);
      const q = await call(echoHandler, { method: "POST", key: secret, url: "/v1/echo/x_1?n=9" });
      expect(q.json.error).toMatchObject({ param: "n", details: { issues: [{ in: "query" }] } });
      const p = await call(echoHandler, { method: "POST", key: secret, params: { id: "y_1" } });
      expect(p.json.error).toMatchObject({ param: "id", details: { issues: [{ in: "path" }] } });
    });

    it("a body that is not JSON", async () => {
      const { secret } = await seedWorkspace(db);
      const { res, json } = await call(echoHandler, { method: "POST", key: secret, rawBody: "{infill: 20" });
      expect(res.status).toBe(400);
      expect(json.error).toMatchObject({ code: "invalid_json", param: "body" });
    });
  });

  it.each([
    ["not_found", 404],
    ["conflict", 409],
    ["payload_too_large", 413],
    ["unsupported_format", 415],
    ["unreadable_file", 422],
  ] as const)("maps AppError %s to %i", async (code, status) => {
    const { secret } = await seedWorkspace(db);
    const { res, json } = await call(throwing(new AppError(code, "because")), { method: "POST", key: secret });
    expect(res.status).toBe(status);
    expect(json).toMatchObject({ success: false, error: { code, message: "because" } });
  });

  it("500 leaks nothing internal", async () => {
    const { secret } = await seedWorkspace(db);
    const { res, json } = await call(throwing(new Error("SQLITE_CORRUPT at /secret/path")), {
      method: "POST",
      key: secret,
    });
    expect(res.status).toBe(500);
    expect(JSON.stringify(json)).not.toMatch(/SQLITE|secret/);
    expect(json.error.message).toContain(json.request_id);
  });

  describe("429", () => {
    it("daily quota: quota_exceeded with Retry-After until the next UTC midnight", async () => {
      const { workspace, secret } = await seedWorkspace(db, { plan: "free" });
      await db
        .insert(usageCounters)
        .values({ workspaceId: workspace.id, window: quotaWindow(new Date()).key, count: 999 });
      expect((await call(echoHandler, { method: "POST", key: secret })).res.headers.get("x-ratelimit-remaining")).toBe(
        "0",
      );
      const { res, json } = await call(echoHandler, { method: "POST", key: secret });
      expect(res.status).toBe(429);
      expect(json.error.code).toBe("quota_exceeded");
      const retryAfter = Number(res.headers.get("retry-after"));
      const expected = (quotaWindow(new Date()).resetAt.getTime() - Date.now()) / 1000;
      expect(Math.abs(retryAfter - expected)).toBeLessThanOrEqual(2);
      expect(res.headers.get("ratelimit")).toMatch(/r=0;/);
    });

    it("infrastructure rate limit: rate_limit_exceeded per minute", async () => {
      const { workspace, secret } = await seedWorkspace(db, { infraPlan: "solo_edge" });
      await db
        .insert(usageCounters)
        .values({ workspaceId: workspace.id, window: rateWindow(new Date()).key, count: 60 });
      const { res, json } = await call(infraHandler, { method: "POST", key: secret });
      if (rateWindow(new Date()).key !== rateWindow(new Date(Date.now() - 1000)).key) return; // minute rolled over mid-test
      expect(res.status).toBe(429);
      expect(json.error.code).toBe("rate_limit_exceeded");
      expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(60);
      expect(res.headers.get("ratelimit-policy")).toBe('"minute";q=60;w=60');
    });

    it("team plan is unlimited and sends no limit headers", async () => {
      const { secret } = await seedWorkspace(db, { plan: "team" });
      const { res } = await call(echoHandler, { method: "POST", key: secret });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-ratelimit-limit")).toBeNull();
    });
  });
});
