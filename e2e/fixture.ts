import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, type Page } from "@playwright/test";

export function readFixture(): { email: string; password: string; pro: string; free: string; quota: string } {
  return JSON.parse(fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, "fixture.json"), "utf8"));
}

/** Direct access to the server's database file, for arranging state a test needs. */
export function openServerDb(): Database.Database {
  return new Database(path.join(process.env.E2E_DATA_DIR!, "e2e.db"));
}

export async function signIn(page: Page): Promise<void> {
  const { email, password } = readFixture();
  await page.goto("/login");
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password|kata sandi/i).fill(password);
  await page.getByRole("button", { name: /sign in|masuk/i }).click();
  await page.waitForURL("**/files");
}

/** Signs in, switches to the pro workspace and the English interface, and waits for the files page. */
export async function openProWorkspaceInEnglish(page: Page): Promise<void> {
  await signIn(page);
  const switched = page.waitForResponse((res) => res.request().method() === "POST" && res.url().endsWith("/files"));
  await page.getByLabel(/workspace|ruang kerja/i).selectOption(readFixture().pro);
  await switched;
  await page.getByRole("button", { name: "EN", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Files", exact: true })).toBeVisible();
}

/** A fresh API key for a workspace, made by the real CLI against the server's database. */
export function createKey(workspace: string): string {
  const env = { ...process.env, DATABASE_URL: `file:${path.join(process.env.E2E_DATA_DIR!, "e2e.db")}` };
  return JSON.parse(
    execFileSync(process.execPath, ["dist/cli.mjs", "keys", "create", "--workspace", workspace, "--json"], {
      env,
    }).toString(),
  ).secret;
}
