import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { DeleteObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { createKey, openProWorkspaceInEnglish, openServerDb, readFixture, signIn } from "./fixture";

/** Issue #16, items 8–10: what a file's structure is called, the quote's per-gram column, narrow screens, plurals, Indonesian leftovers. */

const CORPUS = path.resolve("test", "fixtures", "corpus");
const ASSEMBLY = path.join(CORPUS, "step", "as1-oc-214.stp");
const PHONE = { width: 390, height: 844 };

let proKey: string;
test.beforeAll(() => {
  proKey = createKey(readFixture().pro);
});

async function upload(request: APIRequestContext, name: string, buffer: Buffer): Promise<string> {
  const res = await request.post("/v1/files", {
    headers: { authorization: `Bearer ${proKey}` },
    multipart: { file: { name, mimeType: "application/octet-stream", buffer } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.file.id;
}

async function switchTo(page: Page, code: "ID" | "EN") {
  await page.getByRole("button", { name: code, exact: true }).click();
  await expect(page.getByRole("navigation", { name: "Sections" }).getByRole("link").first()).toHaveText(
    code === "EN" ? "Files" : "File",
  );
}

const box = async (locator: Locator) => (await locator.boundingBox())!;
const intersects = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("a STEP assembly's page counts its 18 components and calls the welded pieces shells, not parts", async ({
  page,
  request,
}) => {
  const fileId = await upload(request, "as1-oc-214.stp", fs.readFileSync(ASSEMBLY));
  await openProWorkspaceInEnglish(page);
  await page.goto(`/files/${fileId}`);
  const geometry = page.getByRole("region", { name: "Geometry" });
  await expect(page.getByTestId("fact-components")).toHaveText("18");
  // bolt, nut, plate … repeat: fewer distinct parts than placed components.
  const distinct = Number(await page.getByTestId("fact-distinctParts").textContent());
  expect(distinct).toBeGreaterThan(1);
  expect(distinct).toBeLessThan(18);
  await expect(page.getByTestId("fact-shells")).toHaveText(/^\d+$/);
  await expect(page.getByTestId("fact-shells-label")).toHaveText("Shells");
  await expect(page.getByTestId("fact-shells-label")).toHaveAttribute("title", /Touching parts weld into one shell/);
  await expect(geometry.getByText("Parts", { exact: true })).toHaveCount(0);

  // The viewer's facts panel says the same.
  await expect(page.locator("[data-viewer-state=ready]")).toBeVisible({ timeout: 90_000 });
  const facts = page.getByTestId("viewer-facts");
  await expect(facts).toContainText("Components18");
  await expect(facts.getByText("Shells", { exact: true })).toHaveAttribute("title", /weld into one shell/);
  await expect(facts.getByText("Parts", { exact: true })).toHaveCount(0);

  await switchTo(page, "ID");
  await expect(page.getByRole("region", { name: "Geometri" }).getByText("Komponen", { exact: true })).toBeVisible();
  await expect(
    page
      .getByTestId("fact-distinctParts-label")
      .or(page.getByRole("region", { name: "Geometri" }).getByText("Jenis komponen", { exact: true })),
  ).toBeVisible();
  await expect(page.getByTestId("fact-shells-label")).toHaveText("Cangkang");
  await switchTo(page, "EN");
});

test("the quote's per-gram column is the catalogue's material price, also for a 1 mm part", async ({
  page,
  request,
}) => {
  // A 1 mm cube: 0.001 cm³, where price ÷ weight would read millions of rupiah per gram.
  const fileId = await upload(
    request,
    "tiny-cube.stl",
    fs.readFileSync(path.join(CORPUS, "mesh", "cube_meshlab_binary.stl")),
  );
  const api = await request.post(`/v1/files/${fileId}/quote/3dprint`, {
    headers: { authorization: `Bearer ${proKey}` },
    data: { infill: 20 },
  });
  expect(api.status(), await api.text()).toBe(200);
  const rates = new Map<string, number>(
    (await api.json()).data.quotes.map((q: { material_id: string; price_per_gram_idr: number }) => [
      q.material_id,
      q.price_per_gram_idr,
    ]),
  );

  await openProWorkspaceInEnglish(page);
  await page.goto(`/files/${fileId}`);
  const table = page.getByTestId("print-quotes");
  await expect(table.getByRole("columnheader").last()).toHaveText("Material price per gram");
  const rows = table.locator("tbody tr");
  expect(await rows.count()).toBe(rates.size);
  for (const row of await rows.all()) {
    const rate = rates.get((await row.getAttribute("data-material"))!)!;
    await expect(row.getByTestId("quote-material-per-gram")).toHaveText(`Rp\u00a0${rate.toLocaleString("en-US")}`);
  }
  await switchTo(page, "ID");
  await expect(page.getByTestId("print-quotes").getByRole("columnheader").last()).toHaveText("Harga bahan per gram");
  await switchTo(page, "EN");
});

/** Whether each option's text fits the select's box (its text area: the width minus padding and the arrow). */
async function optionsFit(select: Locator) {
  return select.evaluate((el: HTMLSelectElement) => {
    const style = getComputedStyle(el);
    const ctx = document.createElement("canvas").getContext("2d")!;
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const arrow = 24;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
    const widest = Math.max(...[...el.options].map((o) => ctx.measureText(o.text).width));
    return { room, widest, overflow: el.scrollWidth > el.clientWidth };
  });
}

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", PHONE],
] as const) {
  test(`the create-VPS plan select shows its options' full text (${label})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page);
    await page.goto("/infra/vps");
    for (const code of ["EN", "ID"] as const) {
      await switchTo(page, code);
      const plan = page.getByRole("combobox", { name: code === "EN" ? "Plan" : "Paket" });
      await expect(plan).toBeVisible();
      const fit = await optionsFit(plan);
      expect(fit.overflow).toBe(false);
      expect(fit.widest, `${code}: widest option ${fit.widest}px in ${fit.room}px`).toBeLessThanOrEqual(fit.room);
      // The page itself does not scroll sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await switchTo(page, "EN");
  });
}

test("on a phone the embed's facts sit behind a toggle below the model, never over it", async ({
  browser,
  request,
}) => {
  const fileId = await upload(request, "as1-oc-214.stp", fs.readFileSync(ASSEMBLY));
  const link = await request.get(`/v1/files/${fileId}/viewer`, { headers: { authorization: `Bearer ${proKey}` } });
  expect(link.status()).toBe(200);
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    await page.goto((await link.json()).data.embed_url);
    await expect(page.locator("[data-viewer-state=ready]")).toBeVisible({ timeout: 90_000 });
    const canvas = page.getByTestId("viewer-canvas");
    const panel = page.getByTestId("viewer-panel");
    // Closed at first: nothing covers the model.
    await expect(panel).toHaveCount(0);
    const full = await box(canvas);
    expect(full.width).toBe(PHONE.width);
    expect(full.height).toBeGreaterThan(PHONE.height * 0.9);

    // Still reachable: the toggle opens the facts under the model, which shrinks rather than being covered.
    const toggle = page.getByRole("button", { name: "Details" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByTestId("viewer-facts")).toContainText("Components18");
    await expect(page.getByTestId("viewer-facts")).toBeInViewport();
    const opened = await box(canvas);
    const facts = await box(panel);
    expect(intersects(opened, facts)).toBe(false);
    expect(opened.height).toBeGreaterThanOrEqual(PHONE.height * 0.5);
    await expect(page.getByRole("group", { name: "Components" })).toBeVisible();

    await toggle.click();
    await expect(panel).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("counts read 1 bucket, 1 object in English and need no plural in Indonesian", async ({ page }) => {
  await signIn(page);
  // A workspace with no buckets yet: the free one (the other specs use the default workspace).
  const switched = page.waitForResponse((res) => res.request().method() === "POST" && res.url().endsWith("/files"));
  await page.getByLabel(/workspace|ruang kerja/i).selectOption(readFixture().free);
  await switched;
  await page.goto("/infra/storage");
  await switchTo(page, "EN");
  const name = `hitung-${Date.now().toString(36)}`;
  await page.getByLabel("Bucket name").fill(name);
  await page.getByRole("button", { name: "Create bucket" }).click();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toBeVisible();
  // The object arrives as a customer's would: a key pair made on this page, then an S3 PUT (issue #20).
  await page.getByLabel("Key name").fill("e2e laptop");
  await page.getByRole("button", { name: "Create key pair" }).click();
  const secretAccessKey = (await page.getByTestId("secret").textContent())!.trim();
  const accessKeyId = (await page.getByRole("status").filter({ hasText: /^BK/ }).textContent())!.trim();
  const s3 = new S3Client({
    endpoint: `http://127.0.0.1:${process.env.E2E_S3_PORT ?? "9010"}`,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
  });
  await s3.send(new PutObjectCommand({ Bucket: name, Key: "logo.txt", Body: "bengkel" }));
  try {
    await page.reload();
    await expect(page.getByTestId("storage-totals")).toHaveText("1 bucket · 7 B · 1 object");
    await switchTo(page, "ID");
    await expect(page.getByTestId("storage-totals")).toHaveText("1 bucket · 7 B · 1 objek");
  } finally {
    await s3.send(new DeleteObjectCommand({ Bucket: name, Key: "logo.txt" }));
    s3.destroy();
    await switchTo(page, "EN");
    page.once("dialog", (dialog) => dialog.accept());
    await page
      .getByRole("row", { name: new RegExp(name) })
      .getByRole("button", { name: "Delete", exact: true })
      .click();
    await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
  }
});

test("Indonesian mode: a failed re-quote and a webhook's disabled reason are worded from codes", async ({
  page,
  request,
}) => {
  const fileId = await upload(
    request,
    "kubus.stl",
    fs.readFileSync(path.join(CORPUS, "mesh", "cube_meshlab_binary.stl")),
  );
  await openProWorkspaceInEnglish(page);
  await switchTo(page, "ID");

  // The re-quote endpoint refuses: the alert speaks Indonesian from the error's code.
  await page.route("**/dashboard-api/files/*/quote?*", (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({
        success: false,
        error: { code: "invalid_request", message: "Infill must be between 0 and 100." },
      }),
    }),
  );
  await page.goto(`/files/${fileId}`);
  await page.getByRole("slider", { name: "Infill (%)" }).fill("40");
  const alert = page.getByRole("region", { name: "Penawaran" }).getByRole("alert");
  await expect(alert).toHaveAttribute("data-code", "invalid_request");
  await expect(alert).toHaveText("Permintaan ditolak karena tidak valid.");
  // A request that never gets an answer says so in Indonesian too.
  await page.unroute("**/dashboard-api/files/*/quote?*");
  await page.route("**/dashboard-api/files/*/quote?*", (route) => route.abort("internetdisconnected"));
  await page.getByRole("slider", { name: "Infill (%)" }).fill("60");
  await expect(alert).toHaveAttribute("data-code", "request_network");
  await expect(alert).toHaveText("Server tidak dapat dihubungi (kesalahan jaringan); coba lagi.");
  await page.unroute("**/dashboard-api/files/*/quote?*");

  // A webhook disabled by hand, then one disabled after five days of failures.
  const url = `http://127.0.0.1:9/bengkel-${Date.now().toString(36)}`;
  await page.goto("/webhooks");
  await page.getByLabel("URL endpoint").fill(url);
  await page.getByRole("button", { name: "Tambah endpoint" }).click();
  const endpoint = page.getByRole("region", { name: url });
  await endpoint.getByRole("button", { name: "Nonaktifkan" }).click();
  const state = endpoint.getByTestId("webhook-state");
  await expect(state).toHaveText("Nonaktif — dimatikan di dasbor atau melalui API.");
  await expect(state).toHaveAttribute("data-reason", "manual");

  const db = openServerDb();
  try {
    db.prepare("UPDATE webhook_endpoints SET disabled_reason = ? WHERE url = ?").run(
      "Every delivery attempt has failed since 2025-03-03T10:00:00.000Z (5 days); disabled automatically.",
      url,
    );
  } finally {
    db.close();
  }
  await page.reload();
  await expect(state).toHaveText(
    /^Nonaktif — Semua percobaan pengiriman gagal sejak 3 Mar 2025 \(5 hari\); dinonaktifkan otomatis\.$/,
  );
  await expect(state).not.toContainText("delivery");
  page.once("dialog", (dialog) => dialog.accept());
  await endpoint.getByRole("button", { name: "Hapus" }).click();
  await expect(page.getByRole("region", { name: url })).toHaveCount(0);
  await switchTo(page, "EN");
});
