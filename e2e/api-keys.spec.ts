import { expect, test } from "@playwright/test";
import { readFixture, signIn } from "./fixture";

test("wrong password is refused with a message", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel(/email/i).fill(readFixture().email);
  await page.getByLabel(/password|kata sandi/i).fill("not-the-password");
  await page.getByRole("button", { name: /sign in|masuk/i }).click();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("dashboard needs a login", async ({ page }) => {
  await page.goto("/keys");
  await expect(page).toHaveURL(/\/login/);
});

test("sign in, switch workspace, create a key, use it, revoke it, sign out", async ({ page, request }) => {
  const fixture = readFixture();
  await signIn(page);
  await expect(page.getByTestId("signed-in-as")).toHaveText(fixture.email);

  // Workspaces are listed by name; pick the pro one.
  const switched = page.waitForResponse((res) => res.request().method() === "POST" && res.url().endsWith("/files"));
  await page.getByLabel(/workspace|ruang kerja/i).selectOption(fixture.pro);
  await switched;
  await page.getByRole("link", { name: /^(API keys|Kunci API)$/ }).click();
  await expect(page.getByLabel(/workspace|ruang kerja/i)).toHaveValue(fixture.pro);

  // English UI, then create a key limited to two scopes.
  await page.getByRole("button", { name: "EN", exact: true }).click();
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("ERP integration");
  await page.getByLabel("quotes").check();
  await page.getByLabel("files:read").check();
  await page.getByRole("button", { name: "Create key" }).click();
  const secret = (await page.getByTestId("secret").textContent())!.trim();
  expect(secret).toMatch(/^bk_live_[A-Za-z0-9_-]{43}$/);

  // The key works against the real API and belongs to the pro workspace.
  const me = await request.get("/v1/workspace", { headers: { authorization: `Bearer ${secret}` } });
  expect(me.status()).toBe(200);
  expect((await me.json()).data).toMatchObject({
    id: fixture.pro,
    plan: "pro",
    key: { scopes: ["files:read", "quotes"] },
  });

  // After a reload the secret is gone for good; only the hint remains.
  await page.reload();
  await expect(page.getByTestId("secret-box")).toHaveCount(0);
  const row = page.locator("tr", { hasText: "ERP integration" });
  await expect(row).toContainText(`bk_live_…${secret.slice(-4)}`);
  await expect(page.locator("body")).not.toContainText(secret);

  page.once("dialog", (dialog) => dialog.accept());
  await row.getByRole("button", { name: "Revoke" }).click();
  await expect(row.getByTestId("key-status")).toHaveText("Revoked");
  const after = await request.get("/v1/workspace", { headers: { authorization: `Bearer ${secret}` } });
  expect(after.status()).toBe(401);

  await page.getByRole("link", { name: "Usage" }).click();
  await expect(page.getByTestId("usage-count")).toHaveText("1 of 50,000");
  await page.getByRole("button", { name: "ID", exact: true }).click();
  await expect(page.getByTestId("usage-count")).toHaveText("1 dari 50.000");
  await expect(page.getByText(/^Rp\s149\.000$/)).toBeVisible();
  await page.getByRole("button", { name: "EN", exact: true }).click();

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/login");
  await page.goto("/keys");
  await expect(page).toHaveURL(/\/login/);
});

test("the free plan offers no pro scopes", async ({ page }) => {
  await signIn(page);
  const switched = page.waitForResponse((res) => res.request().method() === "POST");
  await page.getByLabel(/workspace|ruang kerja/i).selectOption(readFixture().free);
  await switched;
  await page.goto("/keys");
  await expect(page.getByLabel("files:read")).toBeVisible();
  await expect(page.getByLabel("quotes", { exact: true })).toHaveCount(0);
});
