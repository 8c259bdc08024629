import { Resolver } from "node:dns/promises";
import { expect, test } from "@playwright/test";
import { DeleteObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { signIn } from "./fixture";

// playwright.config.ts runs the server with VPS_LOCAL_SPEED=10: provisioning takes 4.5 s, a reboot 1.5 s.
test("create a VPS, watch it provision, restart, stop, start and delete it", async ({ page }) => {
  await signIn(page);
  await page.getByRole("link", { name: /^(Infrastructure|Infrastruktur)$/ }).click();
  await page.getByRole("button", { name: "EN", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Infrastructure" })).toBeVisible();
  await expect(page).toHaveURL(/\/infra\/vps$/);

  await page.getByLabel("Label", { exact: true }).fill("web-1");
  await page.getByLabel("Region").selectOption("jkt1");
  await page.getByLabel("Plan").selectOption("s-1vcpu-2gb");
  await page.getByLabel("Image").selectOption("ubuntu-24.04");
  await page.getByRole("button", { name: "Create VPS" }).click();

  const row = page.getByRole("row", { name: /web-1/ });
  await expect(row.getByTestId("vps-status")).toHaveText("provisioning");
  await expect(row).toContainText("jkt1");
  await expect(row).toContainText("s-1vcpu-2gb");
  await expect(row).toContainText(/192\.0\.2\.\d+/);
  // No reload: the page refreshes itself while the instance is in transition.
  await expect(row.getByTestId("vps-status")).toHaveText("running", { timeout: 20_000 });

  // A label is unique in the workspace: lib's 409 message is shown and the form keeps what was typed.
  await page.getByLabel("Label", { exact: true }).fill("web-1");
  await page.getByRole("button", { name: "Create VPS" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("A VPS labelled `web-1` already exists");
  await expect(page.getByLabel("Label", { exact: true })).toHaveValue("web-1");

  page.once("dialog", (dialog) => dialog.accept());
  await row.getByRole("button", { name: "Restart", exact: true }).click();
  await expect(row.getByRole("status")).toHaveText("restart: in progress");
  await expect(row.getByRole("button", { name: "Restart", exact: true })).toBeDisabled();
  await expect(row.getByTestId("vps-status")).toHaveText("running", { timeout: 20_000 });
  await expect(row.getByRole("button", { name: "Restart", exact: true })).toBeEnabled();

  page.once("dialog", (dialog) => dialog.accept());
  await row.getByRole("button", { name: "Stop", exact: true }).click();
  await expect(row.getByTestId("vps-status")).toHaveText("stopped", { timeout: 20_000 });
  await expect(row.getByRole("button", { name: "Restart", exact: true })).toBeDisabled();
  page.once("dialog", (dialog) => dialog.accept());
  await row.getByRole("button", { name: "Start", exact: true }).click();
  await expect(row.getByTestId("vps-status")).toHaveText("running", { timeout: 20_000 });

  page.once("dialog", (dialog) => dialog.accept());
  await row.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("row", { name: /web-1/ })).toHaveCount(0, { timeout: 20_000 });
});

test("host a zone, add an A record the DNS server answers, see a validation message", async ({ page }) => {
  await signIn(page);
  await page.goto("/infra/dns");
  await page.getByRole("button", { name: "EN", exact: true }).click();
  await page.getByLabel("Domain").fill("example.test");
  await page.getByRole("button", { name: "Add zone" }).click();
  await page.getByRole("link", { name: "example.test" }).click();
  await expect(page.getByRole("heading", { name: "example.test" })).toBeVisible();

  await page.getByLabel("Type").selectOption("A");
  await page.getByLabel("Name", { exact: true }).fill("www");
  await page.getByLabel("Address").fill("192.0.2.10");
  await page.getByRole("button", { name: "Add record" }).click();
  const record = page.getByRole("row", { name: /www/ });
  await expect(record).toContainText("192.0.2.10");
  await expect(record).toContainText("3600");

  const resolver = new Resolver({ timeout: 2_000, tries: 2 });
  resolver.setServers([`127.0.0.1:${process.env.E2E_DNS_PORT ?? "5363"}`]);
  expect(await resolver.resolve4("www.example.test")).toEqual(["192.0.2.10"]);

  await page.getByLabel("Name", { exact: true }).fill("bad");
  await page.getByLabel("Address").fill("999.1.1.1");
  await page.getByRole("button", { name: "Add record" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "A records need an IPv4 address such as 192.0.2.10.",
  );
  await expect(page.getByLabel("Address")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("row", { name: /bad/ })).toHaveCount(0);

  // The editor shows the fields each type takes.
  await page.getByLabel("Type").selectOption("SRV");
  await expect(page.getByLabel("Port")).toBeVisible();
  await expect(page.getByLabel("Weight")).toBeVisible();
  await expect(page.getByLabel("Target")).toBeVisible();
  await expect(page.getByLabel("Address")).toHaveCount(0);
});

test("mailboxes show usage and a reset password once; a bucket holding files cannot be deleted", async ({ page }) => {
  await signIn(page);
  await page.goto("/infra/dns");
  await page.getByRole("button", { name: "EN", exact: true }).click();
  await page.getByLabel("Domain").fill("post.test");
  await page.getByRole("button", { name: "Add zone" }).click();
  await expect(page.getByRole("link", { name: "post.test" })).toBeVisible();

  await page.getByRole("link", { name: "E-mail" }).click();
  await page.getByLabel("Address").fill("ayu@elsewhere.test");
  await page.getByLabel("Password").fill("kunci-rahasia-2026");
  await page.getByRole("button", { name: "Create mailbox" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText(
    "elsewhere.test is not in one of this workspace's DNS zones",
  );
  await page.getByLabel("Address").fill("ayu@post.test");
  await page.getByRole("button", { name: "Create mailbox" }).click();
  const mailbox = page.getByRole("row", { name: /ayu@post\.test/ });
  await expect(mailbox.getByRole("progressbar", { name: "Usage ayu@post.test" })).toHaveAttribute("aria-valuenow", "0");
  await expect(mailbox).toContainText("0 B / 1 GB");
  // Thunderbird's manual setup for the running server (playwright.config.ts: IMAP 1153, POP3 1120, submission
  // 1597, loopback); the self-signed certificate made at start gives IMAP and POP3 STARTTLS too.
  const client = page.getByTestId("mail-client-settings");
  const settings = (kind: string, protocol: string, port: string) => [
    kind,
    protocol,
    "127.0.0.1",
    port,
    "STARTTLS",
    "Normal password",
    "the full address",
  ];
  await expect(client.getByRole("row", { name: /IMAP/ }).getByRole("cell")).toHaveText(
    settings("Incoming", "IMAP", process.env.E2E_IMAP_PORT ?? "1153"),
  );
  await expect(client.getByRole("row", { name: /POP3/ }).getByRole("cell")).toHaveText(
    settings("Incoming", "POP3", process.env.E2E_POP3_PORT ?? "1120"),
  );
  await expect(client.getByRole("row", { name: /SMTP/ }).getByRole("cell")).toHaveText(
    settings("Outgoing", "SMTP", process.env.E2E_SUBMISSION_PORT ?? "1597"),
  );

  page.once("dialog", (dialog) => dialog.accept());
  await mailbox.getByRole("button", { name: "Reset password" }).click();
  const password = (await mailbox.getByTestId("secret").textContent())!.trim();
  expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{20}$/);
  await page.reload();
  await expect(page.locator("body")).not.toContainText(password);

  await page.getByRole("link", { name: "Storage" }).click();
  await page.getByLabel("Bucket name").fill("aset-bengkel");
  await page.getByLabel("Region").selectOption("jkt1");
  await page.getByRole("button", { name: "Create bucket" }).click();
  const bucket = page.getByRole("row", { name: /aset-bengkel/ });
  await expect(bucket).toContainText("jkt1");
  // The object arrives over S3 with a key pair made on this page, as a customer's would (issue #20).
  await page.getByLabel("Key name").fill("infra e2e");
  await page.getByRole("button", { name: "Create key pair" }).click();
  const s3 = new S3Client({
    endpoint: `http://127.0.0.1:${process.env.E2E_S3_PORT ?? "9010"}`,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: {
      accessKeyId: (await page.getByRole("status").filter({ hasText: /^BK/ }).textContent())!.trim(),
      secretAccessKey: (await page.getByTestId("secret").textContent())!.trim(),
    },
  });
  await s3.send(new PutObjectCommand({ Bucket: "aset-bengkel", Key: "logo.txt", Body: "bengkel" }));
  await page.reload();
  await expect(bucket.getByRole("cell").nth(2)).toHaveText("7 B");
  await expect(bucket.getByRole("cell").nth(3)).toHaveText("1");

  page.once("dialog", (dialog) => dialog.accept());
  await bucket.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(bucket.getByRole("alert")).toContainText("is not empty (1 object)");

  await s3.send(new DeleteObjectCommand({ Bucket: "aset-bengkel", Key: "logo.txt" }));
  s3.destroy();
  page.once("dialog", (dialog) => dialog.accept());
  await bucket.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("row", { name: /aset-bengkel/ })).toHaveCount(0);
});
