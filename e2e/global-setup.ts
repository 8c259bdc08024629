import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** A user with a free and a pro workspace, created through the real CLI against the server's database. */
export default function globalSetup(): void {
  const dir = process.env.E2E_DATA_DIR!;
  fs.mkdirSync(dir, { recursive: true });
  const env = { ...process.env, DATABASE_URL: `file:${path.join(dir, "e2e.db")}`, DATA_DIR: dir };
  const cli = (...args: string[]) =>
    JSON.parse(execFileSync(process.execPath, ["dist/cli.mjs", ...args, "--json"], { env }).toString());
  const user = cli(
    "user",
    "create",
    "--email",
    "ayu@bengkel.test",
    "--password",
    "rahasia-sekali-123",
    "--name",
    "Ayu",
  );
  const pro = cli("workspace", "create", "--name", "Bengkel Ayu Pro", "--plan", "pro", "--owner", user.email);
  const free = cli("workspace", "create", "--name", "Bengkel Ayu Free", "--plan", "free", "--owner", user.email);
  // The quota race test uses up a whole day's quota, so it gets a workspace of its own.
  const quota = cli("workspace", "create", "--name", "Quota race", "--plan", "free");
  fs.writeFileSync(
    path.join(dir, "fixture.json"),
    JSON.stringify({ email: user.email, password: "rahasia-sekali-123", pro: pro.id, free: free.id, quota: quota.id }),
  );
}
