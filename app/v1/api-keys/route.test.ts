import { beforeAll, describe, expect, it } from "vitest";
import { GET, POST } from "./route";
import { DELETE } from "./[id]/route";
import { GET as getWorkspace } from "../workspace/route";
import { apiRequest, routeParams, seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import type { Db } from "@/lib/db/client";
import { apiKeys } from "@/db/schema";
import { eq } from "drizzle-orm";

let db: Db;
beforeAll(async () => ({ db } = await useTestDb()));

const post = (key: string, body: unknown) => POST(apiRequest("/v1/api-keys", { method: "POST", key, body }));
const del = (key: string, id: string) =>
  DELETE(apiRequest(`/v1/api-keys/${id}`, { method: "DELETE", key }), routeParams({ id }));

describe("/v1/api-keys", () => {
  it("creates a key whose secret is shown once and stored only as a hash", async () => {
    const { secret } = await seedWorkspace(db, { plan: "pro" });
    const res = await post(secret, { name: "ERP", scopes: ["quotes", "files:read"], expires_in_days: 30 });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data.secret).toMatch(/^bk_live_[A-Za-z0-9_-]{43}$/);
    expect(data.display_hint).toBe(`bk_live_…${data.secret.slice(-4)}`);
    const row = (await db.select().from(apiKeys).where(eq(apiKeys.id, data.id)).limit(1))[0]!;
    expect(JSON.stringify(row)).not.toContain(data.secret.slice(8));
    expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(data.expires_at).getTime() - Date.now()).toBeGreaterThan(29.9 * 86_400_000);

    const list = await (await GET(apiRequest("/v1/api-keys", { key: secret }))).json();
    expect(list.data.find((k: { id: string }) => k.id === data.id)).not.toHaveProperty("secret");
    // The new key works and sees its own scopes.
    const me = await (await getWorkspace(apiRequest("/v1/workspace", { key: data.secret }))).json();
    expect(me.data.key).toMatchObject({ id: data.id, scopes: ["files:read", "quotes"] });
    expect(me.data).toMatchObject({ plan: "pro", usage_today: { limit: 50_000 } });
  });

  it("refuses scopes the plan does not offer", async () => {
    const { secret } = await seedWorkspace(db, { plan: "free" });
    const res = await post(secret, { name: "x", scopes: ["quotes"] });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: "invalid_request", param: "scopes" });
  });

  it("refuses unknown scopes and bad names with the parameter named", async () => {
    const { secret } = await seedWorkspace(db, { plan: "pro" });
    expect((await (await post(secret, { name: "x", scopes: ["root"] })).json()).error.param).toBe("scopes.0");
    expect((await (await post(secret, { name: "", scopes: [] })).json()).error.param).toBe("name");
  });

  it("a limited key cannot mint a broader one", async () => {
    const { secret } = await seedWorkspace(db, { plan: "pro", scopes: ["keys", "files:read"] });
    expect((await post(secret, { name: "all" })).status).toBe(403);
    expect((await post(secret, { name: "more", scopes: ["quotes"] })).status).toBe(403);
    expect((await post(secret, { name: "same", scopes: ["files:read"] })).status).toBe(201);
  });

  it("needs the keys scope", async () => {
    const { secret } = await seedWorkspace(db, { plan: "pro", scopes: ["files:read"] });
    const res = await GET(apiRequest("/v1/api-keys", { key: secret }));
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe("insufficient_scope");
  });

  it("revokes, then 409 on a second revoke; the revoked key stops working", async () => {
    const { secret } = await seedWorkspace(db, { plan: "pro" });
    const created = (await (await post(secret, { name: "tmp" })).json()).data;
    const first = await del(secret, created.id);
    expect(first.status).toBe(200);
    expect((await first.json()).data.revoked_at).not.toBeNull();
    const second = await del(secret, created.id);
    expect(second.status).toBe(409);
    expect((await GET(apiRequest("/v1/api-keys", { key: created.secret }))).status).toBe(401);
  });

  it("another workspace's key id is 404, and lists never cross workspaces", async () => {
    const a = await seedWorkspace(db, { plan: "pro", name: "A" });
    const b = await seedWorkspace(db, { plan: "pro", name: "B" });
    const res = await del(a.secret, b.key.id);
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("not_found");
    const listA = (await (await GET(apiRequest("/v1/api-keys", { key: a.secret }))).json()).data;
    expect(listA.map((k: { id: string }) => k.id)).toEqual([a.key.id]);
    expect((await db.select().from(apiKeys).where(eq(apiKeys.id, b.key.id)).limit(1))[0]?.revokedAt).toBeNull();
  });
});
