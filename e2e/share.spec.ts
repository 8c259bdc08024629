import { expect, test } from "@playwright/test";
import { boxStl } from "../test/helpers/cad-text";
import { createKey, readFixture, signIn } from "./fixture";

const CUBE_STL = boxStl(10, 10, 10);

test("the file page shows the viewer; Share / Embed makes a working link that can be revoked", async ({
  page,
  request,
}) => {
  const key = createKey(readFixture().free);
  const upload = await request.post("/v1/files", {
    headers: { authorization: `Bearer ${key}` },
    multipart: { file: { name: "share-cube.stl", mimeType: "model/stl", buffer: Buffer.from(CUBE_STL) } },
  });
  expect(upload.status()).toBe(201);
  const fileId = (await upload.json()).data.file.id;

  await signIn(page);
  await page.goto(`/files/${fileId}`);
  await page.getByRole("button", { name: "EN", exact: true }).click();
  await expect(page.getByRole("region", { name: "Viewer" }).locator("canvas")).toBeVisible({ timeout: 30_000 });

  await page.getByText("Share / Embed").click();
  await page.getByLabel("Expires after (days, optional)").fill("7");
  await page.getByRole("button", { name: "Create link" }).click();
  const embedUrl = (await page.getByTestId("embed-url").textContent())!.trim();
  expect(embedUrl).toMatch(/\/embed\/[A-Za-z0-9_-]{32}$/);
  await expect(page.getByLabel("Iframe snippet (shown once)")).toHaveValue(new RegExp(`<iframe src="${embedUrl}"`));

  const viewer = await page.context().newPage();
  const opened = await viewer.goto(embedUrl);
  expect(opened?.status()).toBe(200);
  await expect(viewer.locator("canvas")).toBeVisible({ timeout: 30_000 });
  await viewer.close();

  const links = page.getByTestId("share-links");
  await expect(links).toContainText("Active");
  await links.getByRole("button", { name: "Revoke" }).click();
  await expect(links).toContainText("Revoked");
  expect((await request.get(embedUrl, { maxRedirects: 0 })).status()).toBe(410);

  // A link for an Indonesian shop's site: the snippet carries ?lang=id and the viewer speaks Indonesian.
  await page.getByLabel("Viewer language").selectOption("id");
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page.getByTestId("embed-url")).toHaveText(/\/embed\/[A-Za-z0-9_-]{32}\?lang=id$/);
  const indonesian = (await page.getByTestId("embed-url").textContent())!.trim();
  await expect(page.getByLabel("Iframe snippet (shown once)")).toHaveValue(
    new RegExp(`<iframe src="${indonesian.replace("?", "\\?")}"`),
  );
  const shop = await page.context().newPage();
  await shop.goto(indonesian);
  await expect(shop.getByRole("button", { name: "Ukur jarak" })).toBeVisible({ timeout: 30_000 });
  await shop.close();
});
