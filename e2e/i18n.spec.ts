import { expect, test, type Page } from "@playwright/test";
import { boxStl } from "../test/helpers/cad-text";
import { readFixture, signIn } from "./fixture";

/** A 200 × 150 × 100 mm box with its last triangle missing: three open edges, so the analysis warns OPEN_EDGES. */
function openBoxStl(): Buffer {
  const text = boxStl(200, 150, 100);
  return Buffer.from(text.slice(0, text.lastIndexOf("facet normal")) + text.slice(text.lastIndexOf("endsolid")));
}

async function switchLanguage(page: Page, code: "ID" | "EN", heading: RegExp) {
  await page.getByRole("button", { name: code, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/** Indonesian: "." thousands, "," decimals; English: "," thousands, "." decimals, rupiah included. */
const ID = { rupiah: /^Rp\s\d{1,3}(\.\d{3})+$/, grams: /^\d\.\d{3},\d$/ };
const EN = { rupiah: /^Rp\s\d{1,3}(,\d{3})+$/, grams: /^\d,\d{3}\.\d$/ };

test("Indonesian mode shows no English: warnings, upload errors, webhook events, catalogue note, VPS status; English separators in English", async ({
  page,
}) => {
  await signIn(page);
  const switched = page.waitForResponse((res) => res.request().method() === "POST" && res.url().endsWith("/files"));
  await page.getByLabel(/workspace|ruang kerja/i).selectOption(readFixture().pro);
  await switched;
  await switchLanguage(page, "ID", /^File$/);

  // A refused upload reads in Indonesian from its code; the API's English message is not in the text.
  await page
    .getByLabel("Pilih file")
    .setInputFiles({ name: "catatan.txt", mimeType: "text/plain", buffer: Buffer.from("bukan file CAD\n") });
  const refused = page.getByTestId("upload-item").filter({ hasText: "catatan.txt" }).getByRole("alert");
  await expect(refused).toHaveAttribute("data-code", "unsupported_format");
  await expect(refused).toHaveText(/^Ini bukan file CAD yang didukung\. Format yang diterima: \.stl, /);
  await expect(refused).not.toContainText("not a supported");

  // An open mesh: the geometry and quote warnings, and every number, in Indonesian.
  await page
    .getByLabel("Pilih file")
    .setInputFiles({ name: "kotak-terbuka.stl", mimeType: "model/stl", buffer: openBoxStl() });
  await page.getByRole("link", { name: "Buka kotak-terbuka.stl" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "kotak-terbuka.stl" })).toBeVisible();
  const openEdges = "3 tepi hanya dimiliki satu segitiga: mesh ini berlubang, jadi volumenya tidak dapat diandalkan.";
  await expect(page.getByTestId("geometry-warnings").locator('[data-code="OPEN_EDGES"]')).toHaveText(openEdges);
  await expect(page.getByTestId("quote-warnings").locator('[data-code="OPEN_EDGES"]')).toHaveText(openEdges);
  await expect(page.getByTestId("quote-warnings")).not.toContainText("edges belong");
  await expect(page.getByTestId("fact-volume")).toHaveText("2.500,00 cm³");
  await expect(page.getByTestId("viewer-facts")).toContainText("2.500 cm³");
  const resin = page.getByTestId("print-quotes").locator('tr[data-material="resin_sla"]');
  await expect(resin.getByTestId("quote-weight")).toHaveText(ID.grams);
  await expect(resin.getByTestId("quote-price")).toHaveText(ID.rupiah);
  await expect(resin).toContainText(/\d+ jam \d+ mnt/);

  await page.goto("/quotes");
  await expect(
    page
      .getByRole("row", { name: /kotak-terbuka\.stl/ })
      .getByRole("cell")
      .last(),
  ).toHaveText(ID.rupiah);

  // Webhook events: Indonesian descriptions, code shown as code, no raw backticks.
  await page.goto("/webhooks");
  const events = page.getByRole("group", { name: "Event" });
  await expect(events).toContainText("File diajukan untuk persetujuan (status pending_approval).");
  await expect(events.locator("code", { hasText: "pending_approval" })).toBeVisible();
  await expect(events).toContainText("File yang menunggu persetujuan ditolak; reason menyebutkan alasannya.");
  await expect(events).not.toContainText("`");
  await expect(events).not.toContainText("was uploaded");

  // The seeded catalogue's note, "/jam" and rates with a decimal comma.
  await page.goto("/prices");
  await expect(page.getByTestId("catalog-note")).toHaveText("— Diisi dari katalog bawaan");
  await expect(page.getByTestId("print-rates")).toHaveText(/^biaya persiapan Rp\s25\.000, mesin Rp\s15\.000\/jam$/);
  await expect(page.getByTestId("cut-rate").first()).toHaveText(/^Rp\s0,80\/mm$/);
  await expect(page.getByRole("row", { name: /PLA/ }).first()).toContainText("1,24");

  // VPS statuses in Indonesian.
  await page.goto("/infra/vps");
  await page.getByLabel("Label", { exact: true }).fill("i18n-web");
  await page.getByRole("button", { name: "Buat VPS" }).click();
  const vps = page.getByRole("row", { name: /i18n-web/ }).getByTestId("vps-status");
  await expect(vps).toHaveText(/^(menyiapkan|berjalan)$/);
  await expect(vps).toHaveText("berjalan", { timeout: 20_000 });
  await expect(vps).toHaveAttribute("data-status", "running");

  // English: the same pages with "," thousands and "." decimals everywhere, rupiah included.
  await switchLanguage(page, "EN", /^Infrastructure$/);
  await expect(vps).toHaveText("running");
  await page.goto("/prices");
  await expect(page.getByTestId("catalog-note")).toHaveText("— Seeded from the built-in default catalogue");
  await expect(page.getByTestId("print-rates")).toHaveText(/^setup Rp\s25,000, machine Rp\s15,000\/h$/);
  await expect(page.getByTestId("cut-rate").first()).toHaveText(/^Rp\s0\.80\/mm$/);
  await page.goto("/webhooks");
  await expect(page.getByRole("group", { name: "Events" })).toContainText(
    "A file was submitted for approval (status pending_approval).",
  );
  await page.goto("/quotes");
  await expect(
    page
      .getByRole("row", { name: /kotak-terbuka\.stl/ })
      .getByRole("cell")
      .last(),
  ).toHaveText(EN.rupiah);
  await page.getByRole("link", { name: "kotak-terbuka.stl" }).click();
  await expect(page.getByTestId("fact-volume")).toHaveText("2,500.00 cm³");
  await expect(page.getByTestId("quote-warnings").locator('[data-code="OPEN_EDGES"]')).toHaveText(
    "3 edges belong to only one triangle: the mesh has holes, so its volume is not reliable.",
  );
  const resinEn = page.getByTestId("print-quotes").locator('tr[data-material="resin_sla"]');
  await expect(resinEn.getByTestId("quote-weight")).toHaveText(EN.grams);
  await expect(resinEn.getByTestId("quote-price")).toHaveText(EN.rupiah);
  // Not one Indonesian-style grouped number is left on the English quote table.
  for (const cell of await page.getByTestId("print-quotes").locator("tbody td").allTextContents())
    expect(cell).not.toMatch(/\d\.\d{3}(?!\d)|\d,\d{1,2}(?!\d)/);

  await page.goto("/files");
  await page
    .getByLabel("Choose files")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a CAD file\n") });
  const refusedEn = page.getByTestId("upload-item").filter({ hasText: "notes.txt" }).getByRole("alert");
  await expect(refusedEn).toContainText("This is not a supported CAD file. Accepted: .stl, ");
  await expect(refusedEn).toContainText("415: notes.txt is not a supported CAD file");
});
