import { expect, test } from "@playwright/test";
import { boxStl as boxStlText } from "../test/helpers/cad-text";
import { openProWorkspaceInEnglish } from "./fixture";

/** An ASCII STL box with its corner at the origin: volume = x·y·z mm³. */
const boxStl = (x: number, y: number, z: number) => Buffer.from(boxStlText(x, y, z));

test("upload a box, quote it, upload a taller version, submit and approve", async ({ page }) => {
  await openProWorkspaceInEnglish(page);
  await page
    .getByLabel("Choose files")
    .setInputFiles({ name: "box.stl", mimeType: "model/stl", buffer: boxStl(40, 30, 20) });
  await expect(page.getByRole("progressbar", { name: "box.stl" })).toHaveAttribute("aria-valuenow", "100");
  await page.getByRole("link", { name: "Open box.stl" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "box.stl" })).toBeVisible();
  await expect(page.getByTestId("fact-volume")).toHaveText("24.00 cm³");
  await expect(page.getByTestId("fact-manifold")).toHaveText("yes");

  // Every material is quoted; moving the infill slider re-quotes.
  const quotes = page.getByTestId("print-quotes");
  await expect(quotes.locator("tbody tr")).toHaveCount(7);
  const plaPrice = quotes.locator('tr[data-material="pla"]').getByTestId("quote-price");
  // English mode writes rupiah with English grouping (one formatter per locale).
  await expect(plaPrice).toHaveText(/^Rp\s[\d,]+$/);
  const at20 = await plaPrice.textContent();
  // Keys move a range input the way a user does, so React sees real input events.
  await page.getByLabel("Infill (%)").focus();
  await page.keyboard.press("End");
  await expect(page.getByTestId("infill-value")).toHaveText("100");
  await expect(plaPrice).not.toHaveText(at20!);

  // A 25 mm tall version: the diff summary states the volume change.
  await page
    .getByLabel("Upload a new version")
    .setInputFiles({ name: "box-v2.stl", mimeType: "model/stl", buffer: boxStl(40, 30, 25) });
  const newest = page.getByTestId("version").first();
  await expect(newest).toContainText("Version 2");
  await expect(newest.getByTestId("version-summary")).toContainText("Volume +25.0%");
  await expect(page.getByTestId("fact-volume")).toHaveText("30.00 cm³");

  await page.getByRole("button", { name: "Submit for approval" }).click();
  await expect(page.getByTestId("file-status")).toHaveText("pending approval");
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("file-status")).toHaveText("approved");
  await expect(page.getByTestId("status-history")).toContainText("pending approval → approved");
  // The approver is named as a person reads it, not by an id.
  await expect(page.getByTestId("status-history")).toContainText("(Ayu)");
  await expect(page.getByTestId("status-history")).not.toContainText("usr_");

  // The list shows it with both versions, and the status filter finds it.
  await page.goto("/files?status=approved");
  const row = page.getByTestId("files-table").locator("tr", { hasText: "box.stl" });
  await expect(row).toContainText("approved");
  await expect(row.locator("td").nth(5)).toHaveText("2");
  await page.goto("/files?status=rejected");
  await expect(page.getByTestId("files-table")).toContainText("No files match.");
});

test("a text file is refused with the API's 415 message", async ({ page }) => {
  await openProWorkspaceInEnglish(page);
  await page
    .getByLabel("Choose files")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a CAD file\n") });
  await expect(page.getByTestId("upload-item").getByRole("alert")).toContainText(
    "415: notes.txt is not a supported CAD file",
  );
});

test("the dashboard upload endpoint refuses other origins and anonymous callers", async ({ request, baseURL }) => {
  const anonymous = await request.post("/dashboard-api/files", {
    multipart: { file: { name: "a.stl", mimeType: "model/stl", buffer: boxStl(1, 1, 1) } },
  });
  expect(anonymous.status()).toBe(403);
  const sameOrigin = await request.post("/dashboard-api/files", {
    headers: { origin: baseURL! },
    multipart: { file: { name: "a.stl", mimeType: "model/stl", buffer: boxStl(1, 1, 1) } },
  });
  expect(sameOrigin.status()).toBe(401);
  expect((await sameOrigin.json()).error.code).toBe("unauthorized");
});
