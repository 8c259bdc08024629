import { beforeAll, describe, expect, it } from "vitest";
import { GET as list, POST as create } from "./route";
import { DELETE as remove, GET as getOne, PATCH as patch } from "./[id]/route";
import { POST as restart } from "./[id]/restart/route";
import { POST as start } from "./[id]/start/route";
import { POST as stop } from "./[id]/stop/route";
import { GET as regions } from "./regions/route";
import { GET as plans } from "./plans/route";
import { GET as images } from "./images/route";
import { apiRequest, routeParams, seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { tickVps } from "@/lib/infra/vps/vps-lifecycle";
import type { Db } from "@/lib/db/client";

let db: Db;
beforeAll(async () => {
  ({ db } = await useTestDb());
});

const later = (ms = 3_600_000) => new Date(Date.now() + ms);
const body = (label: string, extra: Record<string, string> = {}) => ({
  label,
  region: "sgp1",
  plan: "s-1vcpu-1gb",
  image: "debian-12",
  ...extra,
});

async function createOk(key: string, label = "web-1") {
  const res = await create(apiRequest("/v1/vps", { method: "POST", key, body: body(label) }));
  expect(res.status).toBe(201);
  return (await res.json()).data;
}

const call = (handler: typeof restart, key: string, id: string, method = "POST") =>
  handler(apiRequest(`/v1/vps/${id}`, { method, key }), routeParams({ id }));

describe("VPS create, read, list", () => {
  it("creates a provisioning instance with documentation addresses that becomes running", async () => {
    const { secret } = await seedWorkspace(db);
    const vps = await createOk(secret);
    expect(vps).toMatchObject({
      label: "web-1",
      region: "sgp1",
      status: "provisioning",
      plan: "s-1vcpu-1gb",
      vcpus: 1,
      memory_mb: 1024,
      disk_gb: 25,
      provider: "local",
    });
    expect(vps.id).toMatch(/^vps_/);
    expect(vps.ipv4).toMatch(/^(192\.0\.2|198\.51\.100)\.\d+$/);
    expect(vps.ipv6).toMatch(/^2001:db8:/);
    await tickVps(db, later());
    const res = await getOne(apiRequest(`/v1/vps/${vps.id}`, { key: secret }), routeParams({ id: vps.id }));
    expect((await res.json()).data.status).toBe("running");
  });

  it("lists newest first with cursor pagination, only this workspace's", async () => {
    const { secret } = await seedWorkspace(db);
    await seedWorkspace(db); // another workspace, untouched
    for (const label of ["a1", "a2", "a3"]) await createOk(secret, label);
    const first = await (await list(apiRequest("/v1/vps?limit=2", { key: secret }))).json();
    expect(first.data.map((v: { label: string }) => v.label)).toEqual(["a3", "a2"]);
    const second = await (
      await list(apiRequest(`/v1/vps?limit=2&cursor=${first.next_cursor}`, { key: secret }))
    ).json();
    expect(second.data.map((v: { label: string }) => v.label)).toEqual(["a1"]);
    expect(second.next_cursor).toBeNull();
  });

  it.each([
    ["label", { label: "-bad-" }],
    ["label", { label: "x".repeat(64) }],
    ["region", { region: "mars1" }],
    ["plan", { plan: "huge" }],
    ["image", { image: "windows-95" }],
  ])("400 names the parameter: %s", async (param, extra) => {
    const { secret } = await seedWorkspace(db);
    const res = await create(apiRequest("/v1/vps", { method: "POST", key: secret, body: { ...body("ok"), ...extra } }));
    expect(res.status).toBe(400);
    expect((await res.json()).error.param).toBe(param);
  });

  it("409 on a label already used in the workspace, but another workspace may use it", async () => {
    const { secret } = await seedWorkspace(db);
    await createOk(secret, "db");
    const dup = await create(apiRequest("/v1/vps", { method: "POST", key: secret, body: body("db") }));
    expect(dup.status).toBe(409);
    expect((await dup.json()).error).toMatchObject({ code: "conflict", param: "label" });
    await createOk((await seedWorkspace(db)).secret, "db");
  });

  it("401 without a key, 403 without infra:write, 404 for another workspace's id", async () => {
    expect((await list(apiRequest("/v1/vps"))).status).toBe(401);
    const { secret: readOnly } = await seedWorkspace(db, { scopes: ["infra:read"] });
    const denied = await create(apiRequest("/v1/vps", { method: "POST", key: readOnly, body: body("x") }));
    expect(denied.status).toBe(403);
    expect((await denied.json()).error.code).toBe("insufficient_scope");
    const { secret: filesOnly } = await seedWorkspace(db, { scopes: ["files:read"] });
    expect((await list(apiRequest("/v1/vps", { key: filesOnly }))).status).toBe(403);
    const vps = await createOk((await seedWorkspace(db)).secret);
    const { secret: other } = await seedWorkspace(db);
    expect((await getOne(apiRequest(`/v1/vps/${vps.id}`, { key: other }), routeParams({ id: vps.id }))).status).toBe(
      404,
    );
    expect((await call(restart, other, vps.id)).status).toBe(404);
    expect((await call(remove, other, vps.id, "DELETE")).status).toBe(404);
  });

  it("serves the catalogues (static segments win over [id])", async () => {
    const { secret } = await seedWorkspace(db, { scopes: ["infra:read"] });
    const r = await (await regions(apiRequest("/v1/vps/regions", { key: secret }))).json();
    expect(r.data.map((x: { code: string }) => x.code)).toContain("sgp1");
    expect((await (await plans(apiRequest("/v1/vps/plans", { key: secret }))).json()).data[0]).toMatchObject({
      code: "s-1vcpu-1gb",
      vcpus: 1,
    });
    expect(
      (await (await images(apiRequest("/v1/vps/images", { key: secret }))).json()).data.map(
        (x: { code: string }) => x.code,
      ),
    ).toContain("debian-12");
  });
});

describe("VPS lifecycle", () => {
  it("restart, stop, start and delete follow the state machine; wrong states are 409 invalid_state", async () => {
    const { secret } = await seedWorkspace(db);
    const vps = await createOk(secret);
    const early = await call(restart, secret, vps.id);
    expect(early.status).toBe(409);
    expect((await early.json()).error).toMatchObject({
      code: "invalid_state",
      details: { current_status: "provisioning" },
    });
    await tickVps(db, later());

    const action = await call(restart, secret, vps.id);
    expect(action.status).toBe(202);
    expect((await action.json()).data).toMatchObject({ command: "restart", status: "in_progress", finished_at: null });
    const during = await call(getOne, secret, vps.id, "GET");
    expect((await during.json()).data.status).toBe("rebooting");
    expect((await call(stop, secret, vps.id)).status).toBe(409);
    await tickVps(db, later());

    expect((await call(start, secret, vps.id)).status).toBe(409);
    expect((await call(stop, secret, vps.id)).status).toBe(202);
    expect((await (await call(getOne, secret, vps.id, "GET")).json()).data.status).toBe("stopping");
    await tickVps(db, later());
    expect((await (await call(getOne, secret, vps.id, "GET")).json()).data.status).toBe("stopped");
    expect((await call(restart, secret, vps.id)).status).toBe(409);
    expect((await call(start, secret, vps.id)).status).toBe(202);
    expect((await (await call(getOne, secret, vps.id, "GET")).json()).data.status).toBe("starting");
    await tickVps(db, later());

    const del = await call(remove, secret, vps.id, "DELETE");
    expect(del.status).toBe(202);
    expect((await del.json()).data.command).toBe("delete");
    expect((await (await call(getOne, secret, vps.id, "GET")).json()).data.status).toBe("deleting");
    expect((await call(remove, secret, vps.id, "DELETE")).status).toBe(409);
    await tickVps(db, later());
    expect((await call(getOne, secret, vps.id, "GET")).status).toBe(404);
  });

  it("PATCH renames any time and resizes only when stopped", async () => {
    const { secret } = await seedWorkspace(db);
    const vps = await createOk(secret, "app");
    await createOk(secret, "taken");
    const edit = (b: unknown) =>
      patch(apiRequest(`/v1/vps/${vps.id}`, { method: "PATCH", key: secret, body: b }), routeParams({ id: vps.id }));
    expect((await (await edit({ label: "App-2" })).json()).data.label).toBe("app-2");
    expect((await edit({ label: "taken" })).status).toBe(409);
    await tickVps(db, later());
    const running = await edit({ plan: "s-2vcpu-4gb" });
    expect(running.status).toBe(409);
    expect((await running.json()).error).toMatchObject({ code: "invalid_state", param: "plan" });
    await call(stop, secret, vps.id);
    await tickVps(db, later());
    const resized = await (await edit({ plan: "s-2vcpu-4gb" })).json();
    expect(resized.data).toMatchObject({
      plan: "s-2vcpu-4gb",
      vcpus: 2,
      memory_mb: 4096,
      disk_gb: 80,
      status: "stopped",
    });
    expect((await edit({ plan: "nope" })).status).toBe(400);
    expect((await edit({ region: "fra1" })).status).toBe(400);
  });
});

describe("Idempotency-Key", () => {
  it("replays the first response for the same body and refuses a different one", async () => {
    const { secret } = await seedWorkspace(db);
    const send = (b: unknown, key = "create-web-1") =>
      create(apiRequest("/v1/vps", { method: "POST", key: secret, body: b, headers: { "idempotency-key": key } }));
    const first = await send(body("idem-1"));
    expect(first.status).toBe(201);
    const again = await send({ image: "debian-12", plan: "s-1vcpu-1gb", region: "sgp1", label: "idem-1" });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await again.json()).data.id).toBe((await first.json()).data.id);
    const mismatch = await send(body("idem-2"));
    expect(mismatch.status).toBe(409);
    expect((await mismatch.json()).error.code).toBe("conflict");
    expect((await send(body("idem-2"), "another-key")).status).toBe(201);
  });

  it("does not store failures, so a corrected retry with the same key works", async () => {
    const { secret } = await seedWorkspace(db);
    const vps = await createOk(secret);
    const headers = { "idempotency-key": "restart-1" };
    const send = () =>
      restart(
        apiRequest(`/v1/vps/${vps.id}/restart`, { method: "POST", key: secret, headers }),
        routeParams({ id: vps.id }),
      );
    expect((await send()).status).toBe(409);
    await tickVps(db, later());
    const ok = await send();
    expect(ok.status).toBe(202);
    const replay = await send();
    expect((await replay.json()).data.id).toBe((await ok.json()).data.id);
  });
});

describe("per-minute rate limits through GET /v1/vps", () => {
  it.each([
    ["solo_edge", 60],
    ["continental", 300],
    ["planetary", 1000],
  ] as const)("%s allows exactly %i per minute, then 429 with Retry-After", async (infraPlan, limit) => {
    // Stay inside one minute window: wait out the last seconds of the current one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
    const { secret } = await seedWorkspace(db, { infraPlan });
    for (let i = 0; i < limit; i++) {
      const res = await list(apiRequest("/v1/vps?limit=1", { key: secret }));
      if (res.status !== 200) throw new Error(`request ${i + 1} answered ${res.status}`);
      if (i === limit - 1) expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
    }
    const refused = await list(apiRequest("/v1/vps", { key: secret }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("x-ratelimit-limit")).toBe(String(limit));
    expect((await refused.json()).error.code).toBe("rate_limit_exceeded");
  });
});
