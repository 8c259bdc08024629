import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { plateDxf } from "../test/helpers/cad-text";
import { createKey, openServerDb, readFixture } from "./fixture";
import {
  changedPixels,
  inkedPixels,
  inkMask,
  openEmbedded as openEmbeddedIn,
  startEmbedHost,
  uploadFile as uploadEmbedFile,
  viewerLink as embedViewerLink,
} from "./embed-host";

const CORPUS = path.resolve("test", "fixtures", "corpus");

/** A 120 × 80 mm plate with two Ø20 holes and a dimension line on a DIM layer. */
const PLATE_DXF = plateDxf(
  120,
  80,
  [
    [30, 40],
    [90, 40],
  ],
  20,
  ["0", "LINE", "8", "DIM", "10", "0", "20", "-10", "11", "120", "21", "-10"],
);

let host: Awaited<ReturnType<typeof startEmbedHost>>;
let hostOrigin: string;
let key: string;

test.beforeAll(async () => {
  key = createKey(readFixture().free);
  host = await startEmbedHost();
  hostOrigin = host.origin;
});

test.afterAll(() => host.close());

const uploadFile = (request: APIRequestContext, name: string, buffer: Buffer) =>
  uploadEmbedFile(request, key, name, buffer);
const viewerLink = (request: APIRequestContext, fileId: string, query = "") =>
  embedViewerLink(request, key, fileId, query);
const openEmbedded = (page: Page, embedUrl: string) => openEmbeddedIn(page, hostOrigin, embedUrl);

test("an STL embedded on another origin renders, measures and sections; the token opens no API", async ({
  page,
  request,
}, testInfo) => {
  const fileId = await uploadFile(
    request,
    "cube.stl",
    fs.readFileSync(path.join(CORPUS, "mesh", "cube_meshlab_binary.stl")),
  );
  const link = await viewerLink(request, fileId);
  const direct = await request.get(link.embed_url, { maxRedirects: 0 });
  expect(direct.status()).toBe(307);
  const viewPage = await request.get(link.embed_url);
  expect(viewPage.headers()["content-security-policy"]).toContain("frame-ancestors *");
  expect(viewPage.headers()["x-frame-options"]).toBeUndefined();

  const frame = await openEmbedded(page, link.embed_url);
  const before = await inkedPixels(frame);
  expect(before).toBeGreaterThan(5_000);
  await page.locator("#viewer").screenshot({ path: testInfo.outputPath("stl.png") });
  await expect(frame.getByTestId("viewer-dims")).toHaveText("1.00 mm × 1.00 mm × 1.00 mm");
  await expect(frame.getByTestId("viewer-facts")).toContainText("Volume");

  // Measure: clicks near both ends of the cube's front vertical edge (iso view) snap to its two vertices.
  await frame.getByRole("button", { name: "Measure distance" }).click();
  const box = (await frame.getByTestId("viewer-canvas").boundingBox())!;
  await page.mouse.click(box.x + 390, box.y + 285);
  await page.mouse.click(box.x + 400, box.y + 558);
  await expect(frame.getByTestId("viewer-measure")).toHaveText("Distance 1.00 mm");

  // Section along X: moving the slider cuts the model away.
  await frame.getByRole("button", { name: "Section X" }).click();
  await frame.getByLabel("Section position").fill("150");
  const sectioned = await inkedPixels(frame);
  await page.locator("#viewer").screenshot({ path: testInfo.outputPath("stl-section.png") });
  expect(Math.abs(sectioned - before)).toBeGreaterThan(before * 0.1);

  // The token is not an API key, and downloads are off for this link.
  const api = await frame.evaluate(
    async (token) => (await fetch("/v1/files", { headers: { authorization: `Bearer ${token}` } })).status,
    link.token,
  );
  expect(api).toBe(401);
  const original = await frame.evaluate(
    async (token) => (await fetch(`/embed-assets/${token}/original`)).status,
    link.token,
  );
  expect(original).toBe(403);
});

for (const [label, file, min] of [
  ["3MF", path.join(CORPUS, "mesh", "rhombicuboctahedron.3mf"), 5_000],
  ["STEP", path.join(CORPUS, "step", "cube.stp"), 5_000],
] as const) {
  test(`a ${label} renders in the embed`, async ({ page, request }, testInfo) => {
    const fileId = await uploadFile(request, path.basename(file), fs.readFileSync(file));
    const frame = await openEmbedded(page, (await viewerLink(request, fileId)).embed_url);
    expect(await inkedPixels(frame)).toBeGreaterThan(min);
    await page.locator("#viewer").screenshot({ path: testInfo.outputPath(`${label}.png`) });
  });
}

test("a STEP assembly lists its named components, hides one, and explodes", async ({ page, request }, testInfo) => {
  const file = path.join(CORPUS, "step", "as1-oc-214.stp");
  const fileId = await uploadFile(request, path.basename(file), fs.readFileSync(file));
  const frame = await openEmbedded(page, (await viewerLink(request, fileId)).embed_url);
  const parts = frame.getByRole("group", { name: "Components" }).getByRole("checkbox");
  expect(await parts.count()).toBeGreaterThan(1);
  const inked = () => inkMask(frame);
  const assembled = await inked();

  // The STEP file's own part names; hiding the plate uncovers what was behind it.
  const plate = frame.getByRole("checkbox", { name: "plate", exact: true });
  await plate.uncheck();
  expect(changedPixels(assembled, await inked())).toBeGreaterThan(assembled.filter(Boolean).length * 0.05);
  await plate.check();

  await frame.getByRole("button", { name: "Pull the parts apart" }).click();
  await frame.getByLabel("Explode distance").fill("100");
  const exploded = await inked();
  await page.locator("#viewer").screenshot({ path: testInfo.outputPath("step-exploded.png") });
  expect(changedPixels(assembled, exploded)).toBeGreaterThan(assembled.filter(Boolean).length * 0.05);

  // Back together: the picture is the assembled one again.
  await frame.getByRole("button", { name: "Pull the parts apart" }).click();
  expect(changedPixels(assembled, await inked())).toBeLessThan(assembled.filter(Boolean).length * 0.01);
});

test("a DXF draws its contours in 2D, measures between contour points, and toggles ignored layers", async ({
  page,
  request,
}, testInfo) => {
  const fileId = await uploadFile(request, "plate.dxf", Buffer.from(PLATE_DXF));
  const frame = await openEmbedded(page, (await viewerLink(request, fileId, "?allow_download=1")).embed_url);
  const lines = await inkedPixels(frame);
  expect(lines).toBeGreaterThan(800);
  await page.locator("#viewer").screenshot({ path: testInfo.outputPath("dxf.png") });
  await expect(frame.getByTestId("viewer-facts")).toContainText("Pierces");
  // The cut extent, without the dimension line on the DIM layer 10 mm below the plate.
  await expect(frame.getByTestId("viewer-dims")).toHaveText("120.00 mm × 80.00 mm");
  // Measure snaps to contour points: the plate's bottom corners are 120 mm apart.
  await frame.getByRole("button", { name: "Measure distance" }).click();
  const box = (await frame.getByTestId("viewer-canvas").boundingBox())!;
  await page.mouse.click(box.x + 188, box.y + 422);
  await page.mouse.click(box.x + 612, box.y + 422);
  await expect(frame.getByTestId("viewer-measure")).toHaveText("Distance 120.00 mm");
  await page.locator("#viewer").screenshot({ path: testInfo.outputPath("dxf-measure.png") });
  await frame.getByLabel("Not cut (ignored)").check();
  expect(await inkedPixels(frame)).toBeGreaterThan(lines);
  await expect(frame.getByRole("link", { name: "Download" })).toBeVisible();
});

test("URL options: transparent background, no tools, front view", async ({ page, request }) => {
  const fileId = await uploadFile(
    request,
    "cube.stl",
    fs.readFileSync(path.join(CORPUS, "mesh", "cube_meshlab_binary.stl")),
  );
  const frame = await openEmbedded(
    page,
    `${(await viewerLink(request, fileId)).embed_url}?bg=transparent&tools=0&view=front`,
  );
  await expect(frame.getByRole("button", { name: "Fit to view" })).toHaveCount(0);
  const corner = await frame.evaluate(() => {
    const canvas = document.querySelector("[data-testid=viewer-canvas] canvas") as HTMLCanvasElement;
    const gl = canvas.getContext("webgl2")!;
    const pixel = new Uint8Array(4);
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    return [...pixel];
  });
  expect(corner[3]).toBe(0);
});

test("lang=id: the viewer speaks Indonesian, measures and shows the facts with a decimal comma", async ({
  page,
  request,
}) => {
  const fileId = await uploadFile(request, "plate.dxf", Buffer.from(PLATE_DXF));
  const frame = await openEmbedded(page, `${(await viewerLink(request, fileId)).embed_url}?lang=id`);
  await expect(frame.getByRole("button", { name: "Paskan ke layar" })).toBeVisible();
  await expect(frame.getByTestId("viewer-facts")).toContainText("Panjang potong");
  // 2·(120 + 80) + 2·π·20 = 525.66 mm of cut, written the Indonesian way.
  await expect(frame.getByTestId("viewer-facts")).toContainText("525,7 mm");
  await frame.getByRole("button", { name: "Ukur jarak" }).click();
  await expect(frame.getByTestId("viewer-measure")).toHaveText("Klik titik pertama");
  await expect(frame.getByText("Lubang", { exact: true }).first()).toBeVisible();
});

test("revoked, expired and unknown links show the invalid page, never the file", async ({ page, request }) => {
  const fileId = await uploadFile(
    request,
    "cube.stl",
    fs.readFileSync(path.join(CORPUS, "mesh", "cube_meshlab_binary.stl")),
  );
  const expired = await viewerLink(request, fileId, "?expires_in=600");
  const db = openServerDb();
  db.prepare("UPDATE viewer_tokens SET expires_at = ? WHERE id = ?").run(Date.now() - 1000, expired.token_id);
  db.close();
  const res = await page.goto(expired.embed_url);
  expect(res!.status()).toBe(410);
  await expect(page.getByText("Link no longer valid")).toBeVisible();
  expect((await request.get(`/embed-assets/${expired.token}/display`)).status()).toBe(410);

  const revoked = await viewerLink(request, fileId);
  const del = await request.delete(`/v1/files/${fileId}/viewer/${revoked.token_id}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(del.status()).toBe(200);
  expect((await page.goto(revoked.embed_url))!.status()).toBe(410);
  expect((await page.goto(`${new URL(revoked.embed_url).origin}/embed/${"a".repeat(32)}`))!.status()).toBe(404);
  await expect(page.getByText("Link no longer valid")).toBeVisible();

  // Inside a frame too: the host page shows the message, not the model.
  await page.goto(`${hostOrigin}/?src=${encodeURIComponent(expired.embed_url)}`);
  await expect(page.frameLocator("#viewer").getByText("Link no longer valid")).toBeVisible();
});
