import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_NAMES } from "@/lib/config";

// Read by the scripts around the app (scripts/server.mjs, start.mjs, lib/paths.ts, playwright.config.ts), not by lib/config.ts.
const OUTSIDE_CONFIG = [
  "HOST",
  "PORT",
  "BENGKEL_ROOT",
  "E2E_PORT",
  "CHROMIUM_PATH",
  "E2E_DNS_PORT",
  "E2E_SMTP_PORT",
  "E2E_IMAP_PORT",
  "E2E_POP3_PORT",
  "E2E_S3_PORT",
  "E2E_SUBMISSION_PORT",
];

describe("README configuration table", () => {
  it("lists every setting lib/config.ts reads, and nothing it does not", () => {
    const readme = fs.readFileSync(path.join(__dirname, "../README.md"), "utf8");
    const section = readme.slice(
      readme.indexOf("| `DATABASE_URL`"),
      readme.indexOf("\n\n", readme.indexOf("| `DATABASE_URL`")),
    );
    const documented = section
      .split("\n")
      .flatMap((row) => [...(row.split("|")[1] ?? "").matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]));
    expect(CONFIG_NAMES.filter((name) => !documented.includes(name))).toEqual([]);
    expect(documented.filter((name) => !CONFIG_NAMES.includes(name) && !OUTSIDE_CONFIG.includes(name))).toEqual([]);
  });
});
