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
