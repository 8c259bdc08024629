// Issue #22: two production servers on one PostgreSQL and one S3 store, behind a round-robin proxy. What must hold
// across instances — exact limits, gapless version numbers, each webhook sent once, nothing committed lost to a
// kill -9 — is checked through the proxy, so consecutive requests land on different instances.
import pg from "pg";
import { expect, test } from "@playwright/test";
import { DAILY_REQUEST_QUOTA, INFRA_REQUESTS_PER_MINUTE } from "../lib/plans/plans";
import { verifySignature } from "../lib/webhooks/testing/receiver";
import { createBox } from "../lib/geometry/testing/shapes";
import { writeAsciiStl } from "../lib/geometry/testing/writers";
import { startDeployment, type Deployment } from "./multi-instance-deployment";
import { startWebhookSink } from "./webhook-sink";

test.describe.configure({ mode: "serial" });

let deployment: Deployment;
let sink: Awaited<ReturnType<typeof startWebhookSink>>;
let db: pg.Client;
const keys = { free: "", infra: "", pro: "" };
let proWorkspace = "";
const endpoints: { id: string; secret: string; path: string }[] = [];
const PASSWORD = "rahasia-sekali-123";
/** How long the webhook receiver holds each answer while one instance is about to be killed. */
const DELAY_MS = 1_500;

let failures = 0;
test.afterEach(({}, testInfo) => void (failures += testInfo.status === testInfo.expectedStatus ? 0 : 1));

test.beforeAll(async () => {
  test.setTimeout(180_000);
  deployment = await startDeployment(2);
  const { cli } = deployment;
  // One workspace per check, so that each limit starts from zero.
  const free = cli("workspace", "create", "--name", "Quota", "--plan", "free");
  const infra = cli("workspace", "create", "--name", "Rate", "--plan", "free", "--infra-plan", "solo_edge");
  const pro = cli("workspace", "create", "--name", "Versions", "--plan", "pro", "--infra-plan", "planetary");
  keys.free = cli("keys", "create", "--workspace", free.id).secret;
  keys.infra = cli("keys", "create", "--workspace", infra.id).secret;
  keys.pro = cli("keys", "create", "--workspace", pro.id).secret;
  proWorkspace = pro.id;
  cli("user", "create", "--email", "ayu@bengkel.test", "--password", PASSWORD);
  sink = await startWebhookSink(deployment.instances.map((i) => i.pid));
  db = new pg.Client({ connectionString: deployment.cluster.url });
  await db.connect();
});

test.afterAll(async ({}, testInfo) => {
  if (deployment && testInfo.errors.length + failures > 0) console.log(deployment.errors().join("\n"));
  await db?.end();
  await sink?.close();
  await deployment?.stop();
});

const api = (path: string, key: string, init: RequestInit = {}) =>
  fetch(`${deployment.proxy.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) },
  });

/** Runs `task` `count` times, at most `concurrency` at once. */
async function inPool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) results[i] = await task(i);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

/** Waits until at least `seconds` are left in the current window of `lengthMs`, so a burst stays in one window. */
async function leaveRoomInWindow(lengthMs: number, seconds: number): Promise<void> {
  const left = lengthMs - (Date.now() % lengthMs);
  if (left < seconds * 1000) await new Promise((r) => setTimeout(r, left + 100));
}

/** A small closed box whose size makes its bytes unique. */
const part = (n: number) => writeAsciiStl(createBox([10 + n / 100, 8, 6]), `part-${n}`);

function upload(bytes: string, name: string, path = "/v1/files") {
  const form = new FormData();
  form.append("file", new Blob([bytes]), name);
  return api(path, keys.pro, { method: "POST", body: form });
}

test("exactly the per-minute limit passes when 100 infra requests race two instances", async () => {
  const limit = INFRA_REQUESTS_PER_MINUTE.solo_edge;
  expect(limit).toBe(60);
  await leaveRoomInWindow(60_000, 20);
  const responses = await Promise.all(Array.from({ length: 100 }, () => api("/v1/dns/zones", keys.infra)));
  const statuses = responses.map((r) => r.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
  expect(statuses.filter((s) => s === 429)).toHaveLength(100 - limit);
  expect(new Set(responses.map((r) => r.headers.get("x-served-by"))).size).toBe(2);
  const refused = responses.find((r) => r.status === 429)!;
  expect((await refused.json()).error.code).toBe("rate_limit_exceeded");
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
});

test("exactly the free plan's daily quota passes out of 1,040 requests", async () => {
  test.setTimeout(120_000);
  const quota = DAILY_REQUEST_QUOTA.free!;
  expect(quota).toBe(1_000);
  await leaveRoomInWindow(86_400_000, 120);
  const answers = await inPool(quota + 40, 40, async () => {
    const res = await api("/v1/files?limit=1", keys.free);
    return { status: res.status, body: await res.text() };
  });
  const statuses = answers.map((a) => a.status);
  const odd = JSON.stringify(answers.filter((a) => a.status !== 200 && a.status !== 429));
  expect(
    statuses.filter((s) => s === 200),
    odd,
  ).toHaveLength(quota);
  expect(
    statuses.filter((s) => s === 429),
    odd,
  ).toHaveLength(40);
});

test("40 concurrent version uploads through both instances are numbered 1…41", async () => {
  test.setTimeout(120_000);
  for (let i = 0; i < 3; i++) {
    const res = await api("/v1/webhooks", keys.pro, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: `${sink.url}/hook-${i}`, events: ["file.uploaded", "file.version_created"] }),
    });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    endpoints.push({ id: data.id, secret: data.secret, path: `/hook-${i}` });
  }
  const first = await upload(part(0), "bracket.stl");
  expect(first.status).toBe(201);
  const fileId = (await first.json()).data.file.id;
  const responses = await Promise.all(
    Array.from({ length: 40 }, (_, i) => upload(part(i + 1), "bracket.stl", `/v1/files/${fileId}/versions`)),
  );
  expect(responses.map((r) => r.status)).toEqual(Array(40).fill(201));
  expect(new Set(responses.map((r) => r.headers.get("x-served-by"))).size).toBe(2);
  const numbers = await Promise.all(responses.map(async (r) => (await r.json()).data.version.number as number));
  expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 2));
  const listed = (await (await api(`/v1/files/${fileId}/versions`, keys.pro)).json()).data as { number: number }[];
  expect(listed.map((v) => v.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
});

test("a session and an Idempotency-Key record made on one instance hold on the other", async () => {
  const [a, b] = deployment.instances;
  // next-auth's credentials sign-in on instance a: its CSRF cookie and token, then the form.
  const csrf = await fetch(`${a.url}/api/auth/csrf`);
  const { csrfToken } = await csrf.json();
  const cookie = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]);
  const signIn = await fetch(`${a.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookie(csrf).join("; ") },
    body: new URLSearchParams({ csrfToken, email: "ayu@bengkel.test", password: PASSWORD }),
  });
  const session = cookie(signIn).find((c) => c.startsWith("next-auth.session-token="));
  expect(session).toBeDefined();
  const onB = await (await fetch(`${b.url}/api/auth/session`, { headers: { cookie: session! } })).json();
  expect(onB.user.email).toBe("ayu@bengkel.test");

  const create = (instance: typeof a, body: object) =>
    fetch(`${instance.url}/v1/dns/zones`, {
      method: "POST",
      headers: { authorization: `Bearer ${keys.pro}`, "content-type": "application/json", "idempotency-key": "zone-1" },
      body: JSON.stringify(body),
    });
  const first = await create(a, { domain: "bengkel-ayu.co.id" });
  expect(first.status).toBe(201);
  const replayed = await create(b, { domain: "bengkel-ayu.co.id" });
  expect(replayed.status).toBe(201);
  expect(replayed.headers.get("idempotent-replayed")).toBe("true");
  expect(await replayed.text()).toBe(await first.text());
  expect((await create(b, { domain: "other-ayu.co.id" })).status).toBe(409);
});

/** Waits until no delivery of the pro workspace is pending, then answers (endpoint, event) pairs the outbox holds. */
async function settledDeliveries(timeoutMs: number): Promise<{ endpoint_id: string; event_id: string }[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query(
      "SELECT endpoint_id, event_id, status FROM webhook_deliveries WHERE workspace_id = $1",
      [proWorkspace],
    );
    if (rows.every((row) => row.status === "succeeded")) return rows;
    if (Date.now() > deadline)
      throw new Error(`deliveries still pending: ${JSON.stringify(rows.filter((r) => r.status !== "succeeded"))}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Every delivery of the outbox acknowledged exactly once, under its own webhook-id, signed with its endpoint's secret. */
function expectEachDeliveredOnce(rows: { endpoint_id: string; event_id: string }[]) {
  for (const endpoint of endpoints) {
    const expected = rows.filter((r) => r.endpoint_id === endpoint.id).map((r) => r.event_id);
    const acknowledged = sink.requests.filter((r) => r.path === endpoint.path && r.state === "acknowledged");
    const twice = acknowledged.filter((r, i) => acknowledged.findIndex((o) => o.webhookId === r.webhookId) !== i);
    const story = twice.map((d) =>
      sink.requests
        .filter((r) => r.webhookId === d.webhookId && r.path === d.path)
        .map(({ sender, state, receivedAt, answeredAt }) => ({ sender, state, receivedAt, answeredAt })),
    );
    expect(acknowledged.map((r) => r.webhookId).sort(), JSON.stringify(story)).toEqual([...expected].sort());
    expect(new Set(acknowledged.map((r) => r.webhookId)).size).toBe(acknowledged.length);
    for (const request of acknowledged) expect(verifySignature(endpoint.secret, request)).toBe(true);
  }
}

test("every webhook event is delivered exactly once per endpoint while both instances run workers", async () => {
  const rows = await settledDeliveries(60_000);
  // One file.uploaded and 40 file.version_created, to each of the three endpoints.
  expect(rows).toHaveLength(41 * endpoints.length);
  expectEachDeliveredOnce(rows);
  expect(sink.requests.filter((r) => r.state !== "acknowledged")).toHaveLength(0);
  const senders = new Set(sink.requests.map((r) => r.sender));
  console.log(
    `deliveries per instance: ${[...senders].map((pid) => `${pid}: ${sink.requests.filter((r) => r.sender === pid).length}`).join(", ")}`,
  );
});

/** Whether `instance` holds a delivery in flight, none due an answer within 300 ms, and has recorded every answer it got. */
async function safeToKill(instance: { pid: number }): Promise<boolean> {
  const mine = sink.requests.filter((r) => r.sender === instance.pid || r.sender === null);
  const waiting = mine.filter((r) => r.state === "waiting");
  const dueSoon = () => waiting.some((r) => r.receivedAt + DELAY_MS - Date.now() < 300);
  if (!waiting.some((r) => r.sender === instance.pid) || dueSoon()) return false;
  const answered = mine.filter((r) => r.state === "acknowledged");
  const { rows } = await db.query("SELECT endpoint_id, event_id FROM webhook_deliveries WHERE status = 'succeeded'");
  const recorded = new Set(rows.map((row) => `${row.endpoint_id} ${row.event_id}`));
  const endpointOf = (path: string) => endpoints.find((e) => e.path === path)!.id;
  return answered.every((r) => recorded.has(`${endpointOf(r.path)} ${r.webhookId}`)) && !dueSoon();
}

test("kill -9 of one instance mid-load loses nothing committed; its claimed deliveries go out from the other", async () => {
  test.setTimeout(150_000);
  const [a, b] = deployment.instances;
  // Slow answers keep deliveries in flight, so the instance killed is holding claims when it dies.
  sink.setDelay(DELAY_MS);
  let loading = true;
  const results: { status: number; servedBy: string | null; id?: string; bytes: string; answer: string }[] = [];
  let n = 1_000;
  const load = Promise.all(
    Array.from({ length: 6 }, async () => {
      while (loading) {
        const bytes = part(n++);
        const res = await upload(bytes, `load-${n}.stl`).catch((error: Error) => error);
        const text = res instanceof Response ? await res.text().catch((error: Error) => `${error}`) : `${res}`;
        const body = (() => {
          try {
            return JSON.parse(text);
          } catch {
            return null;
          }
        })();
        results.push({
          status: res instanceof Response ? res.status : 0,
          servedBy: res instanceof Response ? res.headers.get("x-served-by") : null,
          id: body?.data?.file?.id,
          bytes,
          answer: text.slice(0, 300),
        });
      }
    }),
  );
  // The victim: an instance waiting on a delivery right now, none of whose answered deliveries is still unrecorded and
  // none about to be answered (a kill between the receiver's answer and its record would be an honest at-least-once
  // redelivery, not what this test is about).
  const started = Date.now();
  let victim: typeof a | undefined;
  while (!victim) {
    expect(Date.now() - started, "no instance held a delivery in flight").toBeLessThan(30_000);
    await new Promise((r) => setTimeout(r, 50));
    if (Date.now() - started < 2_000) continue;
    for (const instance of [a, b]) if (!victim && (await safeToKill(instance))) victim = instance;
  }
  const survivor = victim === a ? b : a;
  const inFlight = sink.requests.filter((r) => r.sender === victim.pid && r.state === "waiting");
  process.kill(victim.pid, "SIGKILL");
  sink.markDead(victim.pid);
  console.log(`killed ${victim.pid} at ${Date.now()}`);
  sink.setDelay(0);
  await new Promise((r) => setTimeout(r, 2_000));
  loading = false;
  await load;

  // What the clients were told: created, or (only the requests the victim held when it died) a 502 from the proxy.
  const created = results.filter((r) => r.status === 201);
  const unexpected = results.filter((r) => r.status !== 201 && r.status !== 502);
  expect(unexpected.map((r) => `${r.status} from ${r.servedBy}: ${r.answer}`)).toEqual([]);
  expect(results.filter((r) => r.status === 502).length).toBeLessThanOrEqual(6);
  expect(created.some((r) => r.servedBy === victim.host)).toBe(true);
  expect(created.some((r) => r.servedBy === survivor.host)).toBe(true);
  // Every 201 is there through the survivor, bytes included (the blobs are in the shared S3 store).
  for (const { id, bytes } of created) {
    const res = await api(`/v1/files/${id}/download`, keys.pro);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-served-by")).toBe(survivor.host);
    expect(await res.text()).toBe(bytes);
  }

  console.log(
    `kill -9 mid-load: ${created.length} uploads answered 201 (${created.filter((r) => r.servedBy === victim.host).length} by the killed instance), ` +
      `${results.length - created.length} answered 502; ${inFlight.length} deliveries in flight at the kill; ` +
      `${sink.requests.filter((r) => r.sender === null).length} read after their sender died`,
  );
  // The victim's claims come free after their lease (timeout 10 s + 30 s) and the survivor sends them.
  const rows = await settledDeliveries(90_000);
  const { rows: files } = await db.query("SELECT count(*)::int AS n FROM files WHERE workspace_id = $1", [
    proWorkspace,
  ]);
  // One file.uploaded per file the database holds (a 502'd upload may have committed) plus the 40 versions' events.
  expect(rows).toHaveLength((files[0].n + 40) * endpoints.length);
  expect(files[0].n).toBeGreaterThanOrEqual(1 + created.length);
  expectEachDeliveredOnce(rows);
  expect(inFlight.length).toBeGreaterThan(0);
  for (const dropped of inFlight) {
    expect(dropped.state).toBe("dropped");
    const redelivered = sink.requests.find(
      (r) => r.path === dropped.path && r.webhookId === dropped.webhookId && r.state === "acknowledged",
    )!;
    expect(redelivered.sender).toBe(survivor.pid);
    // Not before the lease ran out: a claim hides a delivery for the send timeout (10 s) plus 30 s.
    expect(redelivered.receivedAt - dropped.receivedAt).toBeGreaterThanOrEqual(39_000);
  }
});
