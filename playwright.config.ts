import { defineConfig } from "@playwright/test";
import os from "node:os";
import path from "node:path";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `bengkel-e2e-${process.pid}`);
process.env.E2E_DATA_DIR = E2E_DATA_DIR;

/** Debian's Chromium: no browser is ever downloaded. */
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
];

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  workers: 1,
  reporter: [["list"]],
  globalSetup: "./e2e/global-setup.ts",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
    trace: "retain-on-failure",
  },
  webServer: {
    command: "node scripts/start.mjs",
    url: `http://127.0.0.1:${PORT}/login`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${path.join(E2E_DATA_DIR, "e2e.db")}`,
      DATA_DIR: E2E_DATA_DIR,
      // The e2e server must not collide with a dev server's DNS (5353), SMTP (2525, 1587), IMAP (1143), POP3 (1110)
      // and S3 (9000).
      DNS_PORT: process.env.E2E_DNS_PORT ?? "5363",
      SMTP_PORT: process.env.E2E_SMTP_PORT ?? "2535",
      IMAP_PORT: process.env.E2E_IMAP_PORT ?? "1153",
      POP3_PORT: process.env.E2E_POP3_PORT ?? "1120",
      SMTP_SUBMISSION_PORT: process.env.E2E_SUBMISSION_PORT ?? "1597", // shown on the email page
      S3_PORT: process.env.E2E_S3_PORT ?? "9010",
      WEBHOOK_ALLOW_PRIVATE: "true",
      // The specs host made-up .test zones and query them at once.
      DNS_ALLOW_TEST_ZONES: "on",
      DNS_ZONE_VERIFICATION: "off",
      VPS_LOCAL_SPEED: "10",
    },
  },
});
