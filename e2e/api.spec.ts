import { expect, test } from "@playwright/test";
import { createKey, openServerDb, readFixture } from "./fixture";

test("exactly the remaining quota passes when 100 requests race the real server", async ({ request }) => {
  const workspace = readFixture().quota;
  const key = createKey(workspace);
  const day = new Date().toISOString().slice(0, 10);
  const db = openServerDb();
  db.prepare(
    "INSERT INTO usage_counters (workspace_id, window, count, rejected) VALUES (?, ?, 940, 0) ON CONFLICT DO UPDATE SET count = 940",
  ).run(workspace, `quote:${day}`);
  db.close();
  const responses = await Promise.all(
    Array.from({ length: 100 }, () => request.get("/v1/workspace", { headers: { authorization: `Bearer ${key}` } })),
  );
  const statuses = responses.map((r) => r.status());
  expect(statuses.filter((s) => s === 200)).toHaveLength(60);
  expect(statuses.filter((s) => s === 429)).toHaveLength(40);
  const refused = responses.find((r) => r.status() === 429)!;
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect(refused.headers()["x-ratelimit-remaining"]).toBe("0");
  expect((await refused.json()).error.code).toBe("quota_exceeded");
});

test("unknown API paths answer JSON 404 with a request id", async ({ request }) => {
  const v1 = await request.get("/v1/nope");
  expect(v1.status()).toBe(404);
  expect(v1.headers()["x-request-id"]).toMatch(/^req_/);
  expect(await v1.json()).toMatchObject({ success: false, error: { code: "not_found" } });
  const legacy = await request.post("/api/nope");
  expect(await legacy.json()).toMatchObject({ ok: false, error: { code: "not_found" } });
});

test("missing key: 401 with WWW-Authenticate", async ({ request }) => {
  const res = await request.get("/v1/workspace");
  expect(res.status()).toBe(401);
  expect(res.headers()["www-authenticate"]).toMatch(/^Bearer/);
});

test("the API reference renders from the app's own bundle, with no outside requests", async ({ page }) => {
  const origins = new Set<string>();
  page.on("request", (req) => origins.add(new URL(req.url()).origin));
  await page.goto("/docs");
  await expect(page.getByText("Bengkel API").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("/v1/workspace").first()).toBeVisible();
  const base = new URL(page.url()).origin;
  expect([...origins].filter((o) => o !== base && !o.startsWith("data:") && o !== "null")).toEqual([]);
});
