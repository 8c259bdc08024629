import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as list, POST as create } from "./route";
import { GET as events } from "./events/route";
import { DELETE as remove, GET as get, PATCH as patch } from "./[id]/route";
import { POST as test } from "./[id]/test/route";
import { GET as deliveries } from "./[id]/deliveries/route";
import { POST as retry } from "./[id]/deliveries/[delivery_id]/retry/route";
import { POST as rotate } from "./[id]/rotate-secret/route";
import { apiRequest, routeParams, seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import type { Db } from "@/lib/db/client";
import { webhookEndpoints } from "@/db/schema";
import { deliverDueWebhooks } from "@/lib/webhooks/deliver-due-webhooks";
import { startReceiver, verifySignature } from "@/lib/webhooks/testing/receiver";

let db: Db;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
  ({ db } = await useTestDb());
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
afterEach(async () => {
  await db.update(webhookEndpoints).set({ enabled: false }); // no test sends another's leftovers
  receiver.received.length = 0;
  receiver.setReply(() => ({ status: 200, body: "ok" }));
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
});

const json = async (res: Response | Promise<Response>) => {
  const r = await res;
  return { status: r.status, body: await r.json() };
};
const call = (
  handler: (req: Request, args: ReturnType<typeof routeParams>) => Promise<Response>,
  method: string,
  path: string,
  key: string,
  params: Record<string, string> = {},
  body?: unknown,
) => json(handler(apiRequest(path, { method, key, body }), routeParams(params)));
const register = (key: string, body: unknown = { url: `${receiver.url}/hook`, events: ["file.uploaded"] }) =>
  json(create(apiRequest("/v1/webhooks", { method: "POST", key, body })));

describe("/v1/webhooks", () => {
  it("registers an endpoint and shows its whsec_ secret only once", async () => {
    const { secret } = await seedWorkspace(db, { plan: "pro", scopes: ["webhooks"] });
    const res = await register(secret, {
      url: `${receiver.url}/hook`,
      events: ["file.approved", "file.uploaded", "file.approved"],
      description: " ERP ",
    });
    expect(res.status).toBe(201);
    const hook = res.body.data;
    expect(hook).toMatchObject({
      id: expect.stringMatching(/^wh_/),
      events: ["file.uploaded", "file.approved"],
      description: "ERP",
      enabled: true,
    });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(hook.secret.slice(6), "base64")).toHaveLength(32);

    const fetched = await call(get, "GET", `/v1/webhooks/${hook.id}`, secret, { id: hook.id });
    expect(fetched.body.data).not.toHaveProperty("secret");
    expect(JSON.stringify((await json(list(apiRequest("/v1/webhooks", { key: secret })))).body)).not.toContain(
      hook.secret,
    );
  });

  it("refuses bad URLs, unknown events and private addresses with the parameter named", async () => {
    const { secret } = await seedWorkspace(db, { plan: "pro" });
    const bad = async (body: unknown) => (await register(secret, body)).body.error;
    expect(await bad({ url: "ftp://example.com/x", events: ["file.uploaded"] })).toMatchObject({
      code: "invalid_request",
      param: "url",
    });
    expect(await bad({ url: "nope", events: ["file.uploaded"] })).toMatchObject({
      code: "invalid_request",
      param: "url",
    });
    expect(await bad({ url: `${receiver.url}/x`, events: ["file.deleted"] })).toMatchObject({
      code: "invalid_request",
      param: "events.0",
    });
    expect(await bad({ url: `${receiver.url}/x`, events: ["webhook.test"] })).toMatchObject({ param: "events.0" });
    expect(await bad({ url: `${receiver.url}/x`, events: [] })).toMatchObject({ param: "events" });
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    const res = await register(secret, { url: "http://169.254.169.254/latest/meta-data", events: ["file.uploaded"] });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: "invalid_request",
      param: "url",
      message: expect.stringContaining("private, loopback"),
    });
    expect((await register(secret, { url: receiver.url, events: ["file.uploaded"] })).status).toBe(400);
  });

  it("needs the pro plan and the webhooks scope", async () => {
    const free = await seedWorkspace(db, { plan: "free" });
    const res = await register(free.secret);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("plan_required");
    const scoped = await seedWorkspace(db, { plan: "pro", scopes: ["files:read"] });
    const denied = await json(list(apiRequest("/v1/webhooks", { key: scoped.secret })));
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe("insufficient_scope");
  });

  it("pages the list newest first with a cursor", async () => {
    const { secret } = await seedWorkspace(db, { plan: "pro" });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await register(secret)).body.data.id);
    // One list shape everywhere: {success, data: [...], next_cursor}.
    const first = (await json(list(apiRequest("/v1/webhooks?limit=2", { key: secret })))).body;
    expect(first.data).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await json(list(apiRequest(`/v1/webhooks?limit=2&cursor=${first.next_cursor}`, { key: secret }))))
      .body;
    expect(second.next_cursor).toBeNull();
    expect([...first.data, ...second.data].map((w: { id: string }) => w.id).sort()).toEqual([...ids].sort());
    expect((await json(list(apiRequest("/v1/webhooks?limit=101", { key: secret })))).body.error.param).toBe("limit");
    expect((await json(list(apiRequest("/v1/webhooks?cursor=garbage", { key: secret })))).body.error.param).toBe(
      "cursor",
    );
  });

  it("updates, disables, re-enables and deletes", async () => {
    const { secret } = await seedWorkspace(db, { plan: "pro" });
    const { id } = (await register(secret)).body.data;
    const updated = await call(
      patch,
      "PATCH",
      `/v1/webhooks/${id}`,
      secret,
      { id },
      {
        url: `${receiver.url}/v2`,
        events: ["file.rejected"],
        description: "v2",
      },
    );
    expect(updated.body.data).toMatchObject({
      url: `${receiver.url}/v2`,
      events: ["file.rejected"],
      description: "v2",
    });
    const disabled = await call(
      patch,
      "PATCH",
      `/v1/webhooks/${id}`,
      secret,
      { id },
      { enabled: false, description: null },
    );
    expect(disabled.body.data).toMatchObject({
      enabled: false,
      description: null,
      disabled_reason: "Disabled through the API.",
    });
    expect((await call(test, "POST", `/v1/webhooks/${id}/test`, secret, { id })).body.error.code).toBe("invalid_state");
    const enabled = await call(patch, "PATCH", `/v1/webhooks/${id}`, secret, { id }, { enabled: true });
    expect(enabled.body.data).toMatchObject({ enabled: true, disabled_reason: null, disabled_at: null });
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    expect(
      (await call(patch, "PATCH", `/v1/webhooks/${id}`, secret, { id }, { url: "http://10.0.0.1/" })).body.error.param,
    ).toBe("url");

    expect((await call(remove, "DELETE", `/v1/webhooks/${id}`, secret, { id })).body.data).toEqual({
      id,
      deleted: true,
    });
    expect((await call(get, "GET", `/v1/webhooks/${id}`, secret, { id })).status).toBe(404);
  });

  it("another workspace's webhook is 404 everywhere", async () => {
    const a = await seedWorkspace(db, { plan: "pro" });
    const b = await seedWorkspace(db, { plan: "pro" });
    const { id } = (await register(b.secret)).body.data;
    const p = { id, delivery_id: "dlv_x" };
    const results = await Promise.all([
      call(get, "GET", `/v1/webhooks/${id}`, a.secret, p),
      call(patch, "PATCH", `/v1/webhooks/${id}`, a.secret, p, { enabled: false }),
      call(remove, "DELETE", `/v1/webhooks/${id}`, a.secret, p),
      call(test, "POST", `/v1/webhooks/${id}/test`, a.secret, p),
      call(deliveries, "GET", `/v1/webhooks/${id}/deliveries`, a.secret, p),
      call(retry, "POST", `/v1/webhooks/${id}/deliveries/dlv_x/retry`, a.secret, p),
      call(rotate, "POST", `/v1/webhooks/${id}/rotate-secret`, a.secret, p),
    ]);
    for (const res of results) expect(res.body.error).toMatchObject({ code: "not_found" });
    expect((await call(get, "GET", `/v1/webhooks/${id}`, b.secret, p)).body.data.enabled).toBe(true);
    expect((await json(list(apiRequest("/v1/webhooks", { key: a.secret })))).body.data).toEqual([]);
  });

  it("sends a test event and lists the delivery with its attempts", async () => {
    const { secret } = await seedWorkspace(db, { plan: "pro" });
    const hook = (await register(secret)).body.data;
    const queued = await call(test, "POST", `/v1/webhooks/${hook.id}/test`, secret, { id: hook.id });
    expect(queued.status).toBe(202);
    expect(queued.body.data).toMatchObject({ status: "pending", event: { type: "webhook.test" }, attempts: [] });
    receiver.setReply(() => ({ status: 200, body: "thanks" }));
    await deliverDueWebhooks(db);
    expect(JSON.parse(receiver.received[0].body)).toMatchObject({
      type: "webhook.test",
      data: { webhook_id: hook.id },
    });
    expect(verifySignature(hook.secret, receiver.received[0])).toBe(true);

    const listed = (
      await call(deliveries, "GET", `/v1/webhooks/${hook.id}/deliveries?status=succeeded`, secret, { id: hook.id })
    ).body;
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({
      id: queued.body.data.id,
      status: "succeeded",
      attempt_count: 1,
      attempts: [
        {
          number: 1,
          status_code: 200,
          response_snippet: "thanks",
          error: null,
          succeeded: true,
          duration_ms: expect.any(Number),
        },
      ],
    });
    const pending = (
      await call(deliveries, "GET", `/v1/webhooks/${hook.id}/deliveries?status=pending`, secret, { id: hook.id })
    ).body;
    expect(pending.data).toEqual([]);
  });

  it("retries only failed deliveries, on an enabled endpoint, with the same webhook-id", async () => {
    const { secret } = await seedWorkspace(db, { plan: "pro" });
    const hook = (await register(secret)).body.data;
    const p = { id: hook.id };
    const delivery = (await call(test, "POST", `/v1/webhooks/${hook.id}/test`, secret, p)).body.data;
    const retryIt = () =>
      call(retry, "POST", `/v1/webhooks/${hook.id}/deliveries/${delivery.id}/retry`, secret, {
        ...p,
        delivery_id: delivery.id,
      });
    expect((await retryIt()).body.error).toMatchObject({
      code: "invalid_state",
      message: expect.stringContaining("scheduled"),
    });

    receiver.setReply(() => ({ status: 410 }));
    await deliverDueWebhooks(db);
    const gone = await retryIt();
    expect(gone.status).toBe(409);
    expect(gone.body.error.details.disabled_reason).toContain("410");
    await call(patch, "PATCH", `/v1/webhooks/${hook.id}`, secret, p, { enabled: true });
    receiver.setReply(() => ({ status: 200 }));
    const again = await retryIt();
    expect(again.status).toBe(202);
    expect(again.body.data).toMatchObject({ status: "pending", attempt_count: 1 });
    await deliverDueWebhooks(db);
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([delivery.event.id, delivery.event.id]);
    const done = await retryIt();
    expect(done.body.error).toMatchObject({ code: "invalid_state", message: "This delivery already succeeded." });
    const unknown = await call(retry, "POST", "/", secret, { ...p, delivery_id: "dlv_nope" });
    expect(unknown.body.error).toMatchObject({ code: "not_found", param: "delivery_id" });
  });

  it("rotates the secret: the new one is shown once, the old one signs too for 24 h", async () => {
    const { secret } = await seedWorkspace(db, { plan: "pro" });
    const hook = (await register(secret)).body.data;
    const rotated = await call(rotate, "POST", `/v1/webhooks/${hook.id}/rotate-secret`, secret, { id: hook.id });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(hook.secret);
    const grace = new Date(rotated.body.data.previous_secret_expires_at).getTime() - Date.now();
    expect(grace).toBeGreaterThan(23.9 * 3_600_000);
    await call(test, "POST", `/v1/webhooks/${hook.id}/test`, secret, { id: hook.id });
    await deliverDueWebhooks(db);
    expect(verifySignature(rotated.body.data.secret, receiver.received[0])).toBe(true);
    expect(verifySignature(hook.secret, receiver.received[0])).toBe(true);
  });

  it("publishes the event catalogue with samples, here and in the OpenAPI document", async () => {
    const { secret } = await seedWorkspace(db, { plan: "pro" });
    const res = await json(events(apiRequest("/v1/webhooks/events", { key: secret })));
    expect(res.body.data.map((e: { type: string }) => e.type)).toEqual([
      "file.uploaded",
      "file.submitted",
      "file.approved",
      "file.rejected",
      "file.version_created",
      "webhook.test",
    ]);
    expect(res.body.data[3]).toMatchObject({
      subscribable: true,
      sample: { file: { status: "rejected" }, reason: expect.any(String) },
    });
    expect(res.body.data[5].subscribable).toBe(false);
    const { buildOpenApiDocument } = await import("@/lib/openapi/build-document");
    const { OPERATIONS } = await import("@/lib/contracts");
    const doc = buildOpenApiDocument(OPERATIONS) as unknown as {
      webhooks: Record<string, { post: { requestBody: unknown } }>;
    };
    expect(Object.keys(doc.webhooks)).toHaveLength(6);
    expect(JSON.stringify(doc.webhooks["file.approved"].post.requestBody)).toContain("WebhookFileEventData");
  });
});
