import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { readFixture, signIn } from "./fixture";

test("create a webhook, see its secret once, send a test and watch it arrive", async ({ page }) => {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { "content-type": "text/plain" }).end("thanks from the loopback receiver");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/bengkel-hook`;

  try {
    await signIn(page);
    const switched = page.waitForResponse((res) => res.request().method() === "POST" && res.url().endsWith("/files"));
    await page.getByLabel(/workspace|ruang kerja/i).selectOption(readFixture().pro);
    await switched;
    await page.getByRole("link", { name: /^(Webhooks|Webhook)$/ }).click();
    await page.getByRole("button", { name: "EN", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Webhooks" })).toBeVisible();

    await page.getByLabel("Endpoint URL").fill(url);
    await page.getByLabel("Description (optional)").fill("ERP receiver");
    await page.getByLabel("file.rejected").uncheck();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secret = (await page.getByTestId("secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);

    const endpoint = page.getByRole("region", { name: url });
    await expect(endpoint).toContainText("file.uploaded, file.submitted, file.approved, file.version_created");
    await expect(endpoint.getByTestId("webhook-state")).toHaveText("Enabled");

    // Shown once: a reload leaves no trace of it.
    await page.reload();
    await expect(page.getByTestId("secret")).toHaveCount(0);
    await expect(page.locator("body")).not.toContainText(secret);

    await endpoint.getByRole("button", { name: "Send test" }).click();
    // The worker polls every second; reload until the attempt is logged.
    await expect(async () => {
      await page.reload();
      const delivery = endpoint.getByTestId("delivery").first();
      await expect(delivery.getByTestId("delivery-status")).toHaveText("delivered", { timeout: 1_000 });
      await expect(delivery.getByTestId("attempt-status")).toHaveText("200", { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(endpoint.getByTestId("delivery").first()).toContainText("webhook.test");
    await expect(endpoint.getByTestId("delivery").first()).toContainText("thanks from the loopback receiver");

    const test = received.find((r) => r.body.includes('"webhook.test"'));
    expect(test?.headers["webhook-id"]).toBeTruthy();
    expect(test?.headers["webhook-signature"]).toMatch(/^v1,/);

    await endpoint.getByRole("button", { name: "Disable" }).click();
    await expect(endpoint.getByTestId("webhook-state")).toContainText("Disabled");
    await expect(endpoint.getByRole("button", { name: "Send test" })).toHaveCount(0);

    page.once("dialog", (dialog) => dialog.accept());
    await endpoint.getByRole("button", { name: "Rotate secret" }).click();
    await expect(endpoint.getByTestId("secret")).toHaveText(/^whsec_/);
    expect(await endpoint.getByTestId("secret").textContent()).not.toBe(secret);

    page.once("dialog", (dialog) => dialog.accept());
    await endpoint.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("region", { name: url })).toHaveCount(0);
  } finally {
    receiver.close();
  }
});

test("webhooks need the pro plan", async ({ page }) => {
  await signIn(page);
  const switched = page.waitForResponse((res) => res.request().method() === "POST");
  await page.getByLabel(/workspace|ruang kerja/i).selectOption(readFixture().free);
  await switched;
  await page.goto("/webhooks");
  await expect(page.getByTestId("webhooks-upgrade")).toBeVisible();
  await expect(page.getByRole("button", { name: /Add endpoint|Tambah endpoint/ })).toHaveCount(0);
});
