import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "@/db/schema";
import { inTransaction, type Db } from "@/lib/db/client";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { createWebhook, rotateWebhookSecret } from "./manage-webhooks";
import { enqueueWebhookEvent } from "./enqueue-webhook-event";
import { deliverDueWebhooks, MAX_ATTEMPTS, RETRY_DELAYS_MS } from "./deliver-due-webhooks";
import { pruneWebhookHistory } from "./prune-webhook-history";
import { startWebhookWorker } from "./start";
import { startReceiver, verifySignature } from "./testing/receiver";
import type { SubscribableEventType } from "./event-catalog";

let db: Db;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
  ({ db } = await useTestDb());
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
afterEach(async () => {
  // Each test's leftovers must not be sent during the next one.
  await db.update(webhookEndpoints).set({ enabled: false });
  receiver.received.length = 0;
  receiver.setReply(() => ({ status: 200, body: "ok" }));
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
});

async function setup(events: SubscribableEventType[] = ["file.uploaded", "file.approved"]) {
  const { workspace } = await seedWorkspace(db, { plan: "pro" });
  const hook = await createWebhook(db, workspace.id, { url: `${receiver.url}/hooks/${workspace.id}`, events });
  // Other workspaces' endpoints never receive this workspace's events.
  const other = await seedWorkspace(db, { plan: "pro" });
  await createWebhook(db, other.workspace.id, { url: `${receiver.url}/other`, events });
  const enqueue = async (
    type: "file.uploaded" | "file.approved" | "file.rejected",
    data: unknown = { file: { id: "file_1" } },
  ) => await inTransaction(db, async (tx) => await enqueueWebhookEvent(tx, { workspaceId: workspace.id, type, data }));
  return { workspace, hook, enqueue };
}

const deliveriesOf = async (webhookId: string) =>
  await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, webhookId))
    .orderBy(webhookDeliveries.seq);
const endpointRow = async (id: string) =>
  (await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1))[0]!;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe("webhook delivery", () => {
  it("delivers a signed Standard Webhooks request and records the attempt", async () => {
    const { hook, enqueue } = await setup();
    const eventId = await enqueue("file.uploaded", { file: { id: "file_abc", name: "bracket.stl" } });
    await enqueue("file.rejected"); // not subscribed: no delivery
    expect(await deliveriesOf(hook.id)).toHaveLength(1);

    expect(await deliverDueWebhooks(db)).toEqual({ attempted: 1, succeeded: 1, failed: 0 });
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request.path).toBe(new URL(hook.url).pathname);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["webhook-id"]).toBe(eventId);
    expect(request.headers["webhook-timestamp"]).toMatch(/^\d{10}$/);
    expect(Math.abs(Number(request.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(10);
    expect(request.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifySignature(hook.secret, request)).toBe(true);
    expect(verifySignature("whsec_" + Buffer.alloc(32, 1).toString("base64"), request)).toBe(false);
    const body = JSON.parse(request.body);
    expect(body).toEqual({
      type: "file.uploaded",
      timestamp: expect.any(String),
      data: { file: { id: "file_abc", name: "bracket.stl" } },
    });
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);

    const [delivery] = await deliveriesOf(hook.id);
    expect(delivery).toMatchObject({ status: "succeeded", attemptCount: 1, nextAttemptAt: null });
    const attempt = (
      await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery.id)).limit(1)
    )[0]!;
    expect(attempt).toMatchObject({ number: 1, statusCode: 200, responseSnippet: "ok", error: null, succeeded: true });
    expect(await deliverDueWebhooks(db)).toEqual({ attempted: 0, succeeded: 0, failed: 0 });
  });

  it("retries a 500 on schedule with the same webhook-id and body", async () => {
    const { hook, enqueue } = await setup();
    receiver.setReply((_req, index) => (index === 0 ? { status: 500, body: "x".repeat(5000) } : { status: 204 }));
    const eventId = await enqueue("file.approved");
    const t0 = new Date();
    expect((await deliverDueWebhooks(db, t0)).failed).toBe(1);
    const [pending] = await deliveriesOf(hook.id);
    expect(pending).toMatchObject({ status: "pending", attemptCount: 1 });
    expect(pending.nextAttemptAt!.getTime()).toBe(t0.getTime() + 5_000);
    const first = (
      await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, pending.id)).limit(1)
    )[0]!;
    expect(first).toMatchObject({ statusCode: 500, error: "HTTP 500", succeeded: false });
    expect(Buffer.byteLength(first.responseSnippet!)).toBe(1024);

    expect((await deliverDueWebhooks(db, at(t0, 4_000))).attempted).toBe(0);
    expect((await deliverDueWebhooks(db, at(t0, 5_000))).succeeded).toBe(1);
    const [a, b] = receiver.received;
    expect(a.headers["webhook-id"]).toBe(eventId);
    expect(b.headers["webhook-id"]).toBe(eventId);
    expect(b.body).toBe(a.body);
    expect(Number(b.headers["webhook-timestamp"]) - Number(a.headers["webhook-timestamp"])).toBe(5);
    expect(verifySignature(hook.secret, b)).toBe(true);
    expect((await endpointRow(hook.id)).failingSince).toBeNull();
  });

  it("gives up after 8 attempts on the documented schedule, then moves on", async () => {
    const { hook, enqueue } = await setup();
    receiver.setReply(() => ({ status: 503 }));
    await enqueue("file.uploaded");
    await enqueue("file.approved");
    let now = new Date();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const [head] = await deliveriesOf(hook.id);
      if (attempt > 1) expect(head.nextAttemptAt!.getTime() - now.getTime()).toBe(RETRY_DELAYS_MS[attempt - 1]);
      now = head.nextAttemptAt! > now ? head.nextAttemptAt! : now;
      // The second event waits its turn, then goes out as soon as the first is given up.
      expect((await deliverDueWebhooks(db, now)).attempted).toBe(attempt < MAX_ATTEMPTS ? 1 : 2);
    }
    expect(RETRY_DELAYS_MS.map((ms) => ms / 1000)).toEqual([0, 5, 300, 1800, 7200, 18000, 36000, 86400]);
    const [first, second] = await deliveriesOf(hook.id);
    expect(first).toMatchObject({ status: "failed", attemptCount: 8, nextAttemptAt: null });
    expect(second).toMatchObject({ status: "pending", attemptCount: 1 });
    expect(receiver.received.map((r) => JSON.parse(r.body).type)).toEqual([
      ...Array(8).fill("file.uploaded"),
      "file.approved",
    ]);
  });

  it("sends an endpoint's events in order, holding later ones while one is retried", async () => {
    const { enqueue } = await setup();
    receiver.setReply((_req, index) => ({ status: index === 0 ? 500 : 200 }));
    const ids = [await enqueue("file.uploaded"), await enqueue("file.approved"), await enqueue("file.uploaded")];
    const t0 = new Date();
    expect(await deliverDueWebhooks(db, t0)).toEqual({ attempted: 1, succeeded: 0, failed: 1 });
    expect(await deliverDueWebhooks(db, at(t0, 5_000))).toEqual({ attempted: 3, succeeded: 3, failed: 0 });
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([ids[0], ...ids]);
  });

  it("a 410 disables the endpoint with a reason; pending deliveries wait for re-enabling", async () => {
    const { hook, enqueue } = await setup();
    receiver.setReply(() => ({ status: 410 }));
    await enqueue("file.uploaded");
    await enqueue("file.approved");
    await deliverDueWebhooks(db);
    expect(await endpointRow(hook.id)).toMatchObject({
      enabled: false,
      disabledReason: expect.stringContaining("410"),
    });
    expect((await deliveriesOf(hook.id)).map((d) => d.status)).toEqual(["failed", "pending"]);
    expect((await deliverDueWebhooks(db)).attempted).toBe(0);
    await enqueue("file.uploaded");
    expect(await deliveriesOf(hook.id)).toHaveLength(2); // disabled endpoints get no new deliveries
  });

  it("does not follow redirects: a 3xx is a failure", async () => {
    const { hook, enqueue } = await setup();
    receiver.setReply((req) =>
      req.path === "/elsewhere" ? { status: 200 } : { status: 302, headers: { location: `${receiver.url}/elsewhere` } },
    );
    await enqueue("file.uploaded");
    expect((await deliverDueWebhooks(db)).failed).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [delivery] = await deliveriesOf(hook.id);
    const attempt = (
      await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery.id)).limit(1)
    )[0]!;
    expect(attempt).toMatchObject({
      statusCode: 302,
      succeeded: false,
      error: expect.stringContaining("redirects are not followed"),
    });
  });

  it("leases a delivery from its claim, not from the start of a long tick", async () => {
    const { hook, enqueue } = await setup();
    for (let i = 0; i < 3; i++) await enqueue("file.uploaded");
    receiver.setReply(() => ({ status: 200, delayMs: 400 }));
    const t0 = new Date();
    const started = performance.now();
    const tick = deliverDueWebhooks(db, t0, { timeoutMs: 1_000 });
    while (receiver.received.length < 3) await new Promise((r) => setTimeout(r, 5));
    const elapsed = performance.now() - started;
    const third = (await deliveriesOf(hook.id))[2];
    expect(third.status).toBe("pending"); // being sent, ~800 ms into the tick
    // Another instance may take it only once the send timeout plus 30 s have passed since it was claimed.
    expect(third.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(t0.getTime() + 1_000 + 30_000 + elapsed - 100);
    await tick;
  });

  it("times out a slow receiver", async () => {
    const { hook, enqueue } = await setup();
    receiver.setReply(() => ({ status: 200, delayMs: 1_000 }));
    await enqueue("file.uploaded");
    expect((await deliverDueWebhooks(db, new Date(), { timeoutMs: 100 })).failed).toBe(1);
    const [delivery] = await deliveriesOf(hook.id);
    const attempt = (
      await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery.id)).limit(1)
    )[0]!;
    expect(attempt).toMatchObject({ statusCode: null, error: "timed out after 100 ms", succeeded: false });
    expect(attempt.durationMs).toBeLessThan(900);
  });

  it("signs with both secrets for 24 h after a rotation", async () => {
    const { workspace, hook, enqueue } = await setup();
    const rotated = await rotateWebhookSecret(db, workspace.id, hook.id);
    expect(rotated.secret).not.toBe(hook.secret);
    await enqueue("file.uploaded");
    await enqueue("file.approved");
    const t0 = new Date();
    await deliverDueWebhooks(db, t0, { perEndpoint: 1 });
    const during = receiver.received[0];
    expect(String(during.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verifySignature(rotated.secret, during)).toBe(true);
    expect(verifySignature(hook.secret, during)).toBe(true);
    await deliverDueWebhooks(db, at(t0, 24 * 3_600_000 + 1));
    const after = receiver.received[1];
    expect(String(after.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(verifySignature(rotated.secret, after)).toBe(true);
    expect(verifySignature(hook.secret, after)).toBe(false);
  });

  it("disables an endpoint whose every attempt failed for 5 days", async () => {
    const { hook, enqueue } = await setup();
    receiver.setReply(() => ({ status: 500 }));
    for (let i = 0; i < 4; i++) await enqueue("file.uploaded");
    const t0 = new Date();
    let now = t0;
    while ((await endpointRow(hook.id)).enabled) {
      const head = (await deliveriesOf(hook.id)).find((d) => d.status === "pending")!;
      now = head.nextAttemptAt! > now ? head.nextAttemptAt! : now;
      await deliverDueWebhooks(db, now);
    }
    const row = await endpointRow(hook.id);
    expect(now.getTime() - t0.getTime()).toBeGreaterThanOrEqual(5 * 86_400_000);
    expect(row.disabledReason).toMatch(/failed since .* \(5 days\)/);
    expect(row.failingSince!.getTime()).toBe(t0.getTime());
  });

  it("re-checks the address at send time", async () => {
    const { hook, enqueue } = await setup();
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    await enqueue("file.uploaded");
    expect((await deliverDueWebhooks(db)).failed).toBe(1);
    expect(receiver.received).toHaveLength(0);
    const [delivery] = await deliveriesOf(hook.id);
    const attempt = (
      await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery.id)).limit(1)
    )[0]!;
    expect(attempt.error).toMatch(/refused: .*127\.0\.0\.1/);
  });

  it("the worker sends what is pending in the database, and stops cleanly", async () => {
    const { hook, enqueue } = await setup();
    await enqueue("file.uploaded"); // written before the worker "restarts"
    const worker = startWebhookWorker(db, { intervalMs: 10 });
    expect(startWebhookWorker(db)).toBe(worker);
    await expect.poll(async () => (await deliveriesOf(hook.id))[0].status, { timeout: 5_000 }).toBe("succeeded");
    await worker.stop();
    await enqueue("file.approved");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await deliveriesOf(hook.id))[1].status).toBe("pending");

    process.env.WEBHOOK_WORKER = "off";
    const off = startWebhookWorker(db, { intervalMs: 10 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await deliveriesOf(hook.id))[1].status).toBe("pending");
    await off.stop();
    delete process.env.WEBHOOK_WORKER;
  });

  it("keeps 30 days of finished deliveries; pending ones stay however old", async () => {
    const { hook, enqueue } = await setup();
    receiver.setReply((_req, index) => ({ status: index === 0 ? 200 : 500 }));
    const [sent, retried] = [await enqueue("file.uploaded"), await enqueue("file.approved")];
    const t0 = new Date();
    await deliverDueWebhooks(db, t0); // the first succeeds, the second fails once and stays pending
    const recent = await enqueue("file.uploaded"); // held behind the pending one
    const ageDays = async (eventId: string, days: number) => {
      const createdAt = new Date(t0.getTime() - days * 86_400_000);
      await db.update(webhookDeliveries).set({ createdAt }).where(eq(webhookDeliveries.eventId, eventId));
      await db.update(webhookEvents).set({ createdAt }).where(eq(webhookEvents.id, eventId));
    };
    await ageDays(sent, 31);
    await ageDays(retried, 45);
    await ageDays(recent, 29);
    const attemptsBefore = (await db.select().from(webhookAttempts)).length;

    expect(await pruneWebhookHistory(db, t0)).toEqual({ deliveries: 1, events: 1 });
    expect((await deliveriesOf(hook.id)).map((d) => d.eventId)).toEqual([retried, recent]);
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.id, sent))).toHaveLength(0);
    expect(await db.select().from(webhookAttempts)).toHaveLength(attemptsBefore - 1); // its attempt went with it
    expect(await pruneWebhookHistory(db, t0)).toEqual({ deliveries: 0, events: 0 });
  });

  it("the worker prunes when it starts, with WEBHOOK_RETENTION_DAYS", async () => {
    const { hook, enqueue } = await setup();
    const old = await enqueue("file.uploaded");
    await deliverDueWebhooks(db);
    const createdAt = new Date(Date.now() - 3 * 86_400_000);
    await db.update(webhookDeliveries).set({ createdAt }).where(eq(webhookDeliveries.eventId, old));
    process.env.WEBHOOK_RETENTION_DAYS = "2";
    const worker = startWebhookWorker(db, { intervalMs: 10 });
    try {
      await expect.poll(async () => await deliveriesOf(hook.id), { timeout: 5_000 }).toHaveLength(0);
    } finally {
      await worker.stop();
      delete process.env.WEBHOOK_RETENTION_DAYS;
    }
  });
});
