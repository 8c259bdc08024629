import { expect, test, type CDPSession, type Frame, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { boxStl } from "../test/helpers/cad-text";
import { createKey, readFixture } from "./fixture";
import {
  changedPixels,
  inkedPixels,
  inkImage,
  inkMask,
  openEmbedded,
  startEmbedHost,
  uploadFile,
  viewerLink,
} from "./embed-host";

const CUBE = fs.readFileSync(path.resolve("test", "fixtures", "corpus", "mesh", "cube_meshlab_binary.stl"));
/** A long bar: six times longer than it is wide, the shape an upright phone screen cuts off first. */
const BAR = Buffer.from(boxStl(120, 20, 20));
const PHONE = { width: 390, height: 844 };

let host: Awaited<ReturnType<typeof startEmbedHost>>;
let key: string;

test.beforeAll(async () => {
  key = createKey(readFixture().free);
  host = await startEmbedHost();
});
test.afterAll(() => host.close());

type ViewerEvent = { origin: string; data: Record<string, unknown> & { type: string } };
const hostEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { __viewerEvents: ViewerEvent[] }).__viewerEvents);

/** One finger (or two) moved in steps over the page by the DevTools protocol, as a touch screen reports it. */
async function touchDrag(cdp: CDPSession, from: [number, number][], to: [number, number][], steps = 10) {
  const at = (t: number) => from.map(([x, y], id) => ({ id, x: x + (to[id][0] - x) * t, y: y + (to[id][1] - y) * t }));
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(0) });
  for (let i = 1; i <= steps; i++)
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(i / steps) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/** The inked pixels' bounding box on the canvas. */
async function inkBounds(page: Page | Frame) {
  const { mask, width, height } = await inkImage(page);
  let [left, right, top, bottom] = [width, -1, height, -1];
  mask.forEach((inked, i) => {
    if (!inked) return;
    const x = i % width;
    const y = Math.floor(i / width);
    [left, right, top, bottom] = [Math.min(left, x), Math.max(right, x), Math.min(top, y), Math.max(bottom, y)];
  });
  return { left, right, top, bottom, width, height };
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test("the model fits, the tools fold into a menu, the facts sheet never covers the model", async ({
    page,
    request,
  }, testInfo) => {
    const fileId = await uploadFile(request, key, "bar.stl", BAR);
    await page.goto((await viewerLink(request, key, fileId)).embed_url);
    await expect(page.locator("[data-viewer-state=ready][data-layout=narrow]")).toBeVisible({ timeout: 90_000 });
    await expect(page.locator("[data-first-frame]")).toBeAttached();

    // The whole bar is on screen: no ink touches the canvas's sides (an iso view of a 120 mm bar is widest across).
    const ink = await inkBounds(page);
    await page.screenshot({ path: testInfo.outputPath("phone.png") });
    expect(ink.right).toBeGreaterThan(ink.left);
    expect(ink.left).toBeGreaterThan(2);
    expect(ink.right).toBeLessThan(ink.width - 3);
    expect(ink.top).toBeGreaterThan(2);
    expect(ink.bottom).toBeLessThan(ink.height - 3);
    // …and it uses the width: the bar spans more than half of it.
    expect(ink.right - ink.left).toBeGreaterThan(ink.width / 2);

    // The tools are one button until opened.
    await expect(page.getByRole("button", { name: "Fit to view" })).toHaveCount(0);
    await page.getByRole("button", { name: "Tools" }).click();
    await expect(page.getByRole("button", { name: "Fit to view" })).toBeVisible();
    await page.getByRole("button", { name: "Tools" }).click();

    // The facts are a sheet under the model: opening it shrinks the canvas, never covers it.
    await page.getByRole("button", { name: "Details" }).click();
    await expect(page.getByTestId("viewer-facts")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("phone-details.png") });
    const canvas = (await page.getByTestId("viewer-canvas").boundingBox())!;
    const sheet = (await page.getByTestId("viewer-details").boundingBox())!;
    expect(canvas.y + canvas.height).toBeLessThanOrEqual(sheet.y + 0.5);
    expect(canvas.x).toBeGreaterThanOrEqual(0);
    expect(canvas.x + canvas.width).toBeLessThanOrEqual(PHONE.width);
    expect(sheet.y + sheet.height).toBeLessThanOrEqual(PHONE.height + 0.5);
    expect(canvas.height).toBeGreaterThan(PHONE.height / 2);
  });

  test("one finger orbits, two fingers pinch to zoom", async ({ page, request }) => {
    const fileId = await uploadFile(request, key, "cube.stl", CUBE);
    await page.goto((await viewerLink(request, key, fileId)).embed_url);
    await expect(page.locator("[data-viewer-state=ready]")).toBeVisible({ timeout: 90_000 });
    await expect(page.locator("[data-first-frame]")).toBeAttached();
    const box = (await page.getByTestId("viewer-canvas").boundingBox())!;
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    const cdp = await page.context().newCDPSession(page);

    const before = await inkMask(page);
    await touchDrag(cdp, [[cx - 80, cy]], [[cx + 80, cy]]);
    const orbited = await inkMask(page);
    expect(changedPixels(before, orbited)).toBeGreaterThan(before.filter(Boolean).length * 0.05);

    const inked = orbited.filter(Boolean).length;
    await touchDrag(
      cdp,
      [
        [cx - 30, cy],
        [cx + 30, cy],
      ],
      [
        [cx - 120, cy],
        [cx + 120, cy],
      ],
    );
    expect(await inkedPixels(page)).toBeGreaterThan(inked * 1.2);
  });
});

test("the embed posts ready, measure and error events to the framing page", async ({ page, request }) => {
  const fileId = await uploadFile(request, key, "cube.stl", CUBE);
  const link = await viewerLink(request, key, fileId);
  const frame = await openEmbedded(page, host.origin, link.embed_url);
  const viewerOrigin = new URL(link.embed_url).origin;
  await expect.poll(async () => (await hostEvents(page)).map((e) => e.data.type)).toEqual(["ready"]);
  const [ready] = await hostEvents(page);
  expect(ready.origin).toBe(viewerOrigin);
  expect(ready.data).toMatchObject({ source: "bengkel-viewer", kind: "mesh" });
  // The test cube is 1 mm on each side.
  const size = ready.data.size_mm as Record<"x" | "y" | "z", number>;
  for (const axis of ["x", "y", "z"] as const) expect(size[axis]).toBeCloseTo(1, 6);

  // The same two clicks as the measuring test: the cube's front vertical edge, 1 mm long.
  await frame.getByRole("button", { name: "Measure distance" }).click();
  const box = (await frame.getByTestId("viewer-canvas").boundingBox())!;
  await page.mouse.click(box.x + 390, box.y + 285);
  await page.mouse.click(box.x + 400, box.y + 558);
  await expect.poll(async () => (await hostEvents(page)).map((e) => e.data.type)).toEqual(["ready", "measure"]);
  const measure = (await hostEvents(page))[1].data as unknown as { distance_mm: number; points_mm: number[][] };
  expect(measure.distance_mm).toBeCloseTo(1, 3);
  expect(measure.points_mm).toHaveLength(2);

  // A link revoked while its page loads: the display download answers 410 and the host hears why.
  const revoked = await viewerLink(request, key, fileId);
  await page.route("**/embed-assets/*/display", async (route) => {
    const del = await request.delete(`/v1/files/${fileId}/viewer/${revoked.token_id}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(del.status()).toBe(200);
    await route.continue();
  });
  await page.goto(`${host.origin}/?src=${encodeURIComponent(revoked.embed_url)}`);
  await expect(page.frameLocator("#viewer").getByRole("alert").filter({ hasText: "HTTP 410" })).toBeVisible();
  await expect.poll(async () => (await hostEvents(page)).map((e) => e.data.type)).toEqual(["error"]);
  expect((await hostEvents(page))[0].data.message).toContain("HTTP 410");
});

test("react-three-fiber renders the embed", async ({ page, request }) => {
  // A stand-in for the React developer tools' hook: every React renderer on the page registers with it by package
  // name, and reports each commit it makes.
  await page.addInitScript(() => {
    const names = new Map<number, string>();
    const committed = new Set<string>();
    Object.assign(window, {
      __committedRenderers: committed,
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        renderers: new Map(),
        inject(renderer: { rendererPackageName: string }) {
          names.set(names.size + 1, renderer.rendererPackageName);
          return names.size;
        },
        onCommitFiberRoot: (id: number) => committed.add(names.get(id) ?? "?"),
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        onScheduleFiberRoot() {},
        setStrictMode() {},
        checkDCE() {},
      },
    });
  });
  const fileId = await uploadFile(request, key, "cube.stl", CUBE);
  const frame = await openEmbedded(page, host.origin, (await viewerLink(request, key, fileId)).embed_url);
  expect(await inkedPixels(frame)).toBeGreaterThan(5_000);
  const renderers = await frame.evaluate(() => [
    ...(window as unknown as { __committedRenderers: Set<string> }).__committedRenderers,
  ]);
  expect(renderers).toContain("@react-three/fiber");
  expect(renderers).toContain("react-dom");
});
