import { expect, test } from "@playwright/test";
import { signIn } from "./fixture";

test("an admin publishes a new catalogue version; invalid input is refused with the field named", async ({ page }) => {
  await signIn(page);
  await page.goto("/prices");
  await page.getByRole("button", { name: "EN", exact: true }).click();
  await expect(page.getByTestId("catalog-version")).toHaveText("v1");
  const editor = page.getByLabel(/Catalogue \(JSON\)/);
  const catalog = JSON.parse(await editor.inputValue());

  catalog.print_3d.materials[0].density_g_cm3 = -1;
  await editor.fill(JSON.stringify(catalog));
  await page.getByRole("button", { name: "Publish new version" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toContainText("density_g_cm3");

  catalog.print_3d.materials[0].density_g_cm3 = 1.24;
  catalog.print_3d.materials[0].price_idr_per_gram = 400;
  await editor.fill(JSON.stringify(catalog));
  await page.getByLabel("Note (optional)").fill("PLA supplier price rise");
  await page.getByRole("button", { name: "Publish new version" }).click();
  await expect(page.getByRole("status")).toHaveText("Published version 2");
  await expect(page.getByTestId("catalog-version")).toHaveText("v2");
  await expect(page.getByRole("row", { name: /PLA/ }).first()).toContainText(/Rp\s400/);
});

test("an admin imports a PrusaSlicer config.ini as the FDM profile; a bad one is refused naming the setting", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/prices");
  await page.getByRole("button", { name: "EN", exact: true }).click();
  const version = Number((await page.getByTestId("catalog-version").innerText()).slice(1));
  const importer = page.getByTestId("profile-importer");
  await importer.getByRole("combobox").selectOption("fdm");

  const upload = (text: string) =>
    importer
      .getByLabel("config.ini")
      .setInputFiles({ name: "config.ini", mimeType: "text/plain", buffer: Buffer.from(text) });
  await upload("nozzle_diameter = 0.4\nlayer_height = 0.6\n");
  await importer.getByRole("button", { name: "Import and publish" }).click();
  await expect(importer.getByRole("alert")).toContainText("layer_height");

  await upload("# PrusaSlicer 2.5.0\nlayer_height = 0.3\nperimeters = 3\nbed_temperature = 60\nprinter_model = MK3S\n");
  await importer.getByRole("button", { name: "Import and publish" }).click();
  await expect(importer.getByRole("status")).toContainText(
    `Published version ${version + 1}: 2 settings read, 2 ignored`,
  );
  await expect(importer.getByRole("status")).toContainText("bed_temperature, printer_model");
  await expect(page.getByTestId("catalog-version")).toHaveText(`v${version + 1}`);
  await expect(page.getByTestId("catalog-note")).toContainText("Imported PrusaSlicer profile for fdm");
  const fdm = page.getByTestId("print-profiles").getByRole("row", { name: /FDM \(PLA/ });
  await expect(fdm).toContainText("0.3 mm");
  await expect(fdm).toContainText("3 / 6 / 4");
});
