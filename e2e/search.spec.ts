import { expect, test, type APIRequestContext } from "@playwright/test";
import { createKey, readFixture, signIn } from "./fixture";

/** A 120 × 80 mm plate with two Ø10 holes; the words that make it a steel bracket are in its name (Indonesian). */
const PLATE_DXF = [
  "0", "SECTION", "2", "HEADER", "9", "$INSUNITS", "70", "4", "0", "ENDSEC", "0", "SECTION", "2", "ENTITIES",
  "0", "LWPOLYLINE", "8", "0", "90", "4", "70", "1", "10", "0", "20", "0", "10", "120", "20", "0", "10", "120", "20", "80", "10", "0", "20", "80",
  "0", "CIRCLE", "8", "0", "10", "30", "20", "40", "40", "5",
  "0", "CIRCLE", "8", "0", "10", "90", "20", "40", "40", "5",
  "0", "ENDSEC", "0", "EOF", "",
].join("\n");

/** A 20 mm ASCII STL cube. */
function cubeStl(): Buffer {
  const s = 20;
  const v = (i: number, j: number, k: number) => [i * s, j * s, k * s];
  const quads = [
    [v(0, 0, 0), v(0, 1, 0), v(1, 1, 0), v(1, 0, 0)],
    [v(0, 0, 1), v(1, 0, 1), v(1, 1, 1), v(0, 1, 1)],
    [v(0, 0, 0), v(1, 0, 0), v(1, 0, 1), v(0, 0, 1)],
    [v(0, 1, 0), v(0, 1, 1), v(1, 1, 1), v(1, 1, 0)],
    [v(0, 0, 0), v(0, 0, 1), v(0, 1, 1), v(0, 1, 0)],
    [v(1, 0, 0), v(1, 1, 0), v(1, 1, 1), v(1, 0, 1)],
  ];
  const facet = (a: number[], b: number[], c: number[]) =>
    `facet normal 0 0 0\n outer loop\n${[a, b, c].map((p) => `  vertex ${p.join(" ")}`).join("\n")}\n endloop\nendfacet`;
  return Buffer.from(`solid cube\n${quads.flatMap(([a, b, c, d]) => [facet(a, b, c), facet(a, c, d)]).join("\n")}\nendsolid cube\n`);
}

async function upload(request: APIRequestContext, key: string, name: string, buffer: Buffer): Promise<void> {
  const res = await request.post("/v1/files", {
    headers: { authorization: `Bearer ${key}` },
    multipart: { file: { name, mimeType: "application/octet-stream", buffer } },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test("search in English finds an Indonesian-named file; Analyze shows its metadata in both languages", async ({ page, request }) => {
  const key = createKey(readFixture().pro);
  await upload(request, key, "braket-baja.dxf", Buffer.from(PLATE_DXF));
  await upload(request, key, "gear-petg.stl", cubeStl());

  await signIn(page);
  const switched = page.waitForResponse((res) => res.request().method() === "POST" && res.url().endsWith("/files"));
  await page.getByLabel(/workspace|ruang kerja/i).selectOption(readFixture().pro);
  await switched;
  await page.getByRole("button", { name: "EN", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Files", exact: true })).toBeVisible();

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
