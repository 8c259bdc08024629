import { expect, test, type APIRequestContext } from "@playwright/test";
import { boxStl, plateDxf } from "../test/helpers/cad-text";
import { createKey, openProWorkspaceInEnglish, readFixture } from "./fixture";

async function upload(request: APIRequestContext, key: string, name: string, buffer: Buffer): Promise<void> {
  const res = await request.post("/v1/files", {
    headers: { authorization: `Bearer ${key}` },
    multipart: { file: { name, mimeType: "application/octet-stream", buffer } },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test("search in English finds an Indonesian-named file; Analyze shows its metadata in both languages", async ({
  page,
  request,
}) => {
  const key = createKey(readFixture().pro);
  // A 120 × 80 mm plate with two Ø10 holes; the words that make it a steel bracket are in its name (Indonesian).
  await upload(
    request,
    key,
    "braket-baja.dxf",
    Buffer.from(
      plateDxf(
        120,
        80,
        [
          [30, 40],
          [90, 40],
        ],
        10,
      ),
    ),
  );
  await upload(request, key, "gear-petg.stl", Buffer.from(boxStl(20, 20, 20)));

  await openProWorkspaceInEnglish(page);

  await page.getByRole("searchbox", { name: "Search files" }).fill("steel bracket");
  const results = page.getByTestId("search-results");
  const hit = results.getByRole("link", { name: "braket-baja.dxf" });
  await expect(hit).toBeVisible();
  await expect(results.locator("mark").first()).toBeVisible();
  await expect(page.getByTestId("search-interpretation")).toContainText("Read as");
  await expect(results.getByRole("link", { name: "gear-petg.stl" })).toHaveCount(0);

  await hit.click();
  await expect(page.getByRole("heading", { level: 1, name: "braket-baja.dxf" })).toBeVisible();
  const analyzed = page.waitForResponse((res) => res.request().method() === "POST" && res.url().endsWith("/analyze"));
  await page.getByRole("button", { name: "Analyze", exact: true }).click();
  const { metadata } = (await (await analyzed).json()).data;
  const description = page.getByTestId("metadata-description");
  // The UI is in English, so the English description comes first.
  await expect(description).toHaveText(metadata.description.en);
  await expect(page.getByTestId("metadata-holes")).toContainText("2");
  await page.getByRole("button", { name: "Description in Indonesian" }).click();
  await expect(description).toHaveText(metadata.description.id);
  expect(metadata.description.id).not.toBe(metadata.description.en);
  await page.getByRole("button", { name: "Description in English" }).click();
  await expect(description).toHaveText(metadata.description.en);
});
