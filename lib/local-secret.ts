import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { dataPath } from "@/lib/config";

/**
 * A secret generated on first run and kept in the data folder, so the embedded
 * defaults need no configuration yet survive restarts. Env vars override it.
 */
export function readOrCreateLocalSecret(name: string): string {
  const file = dataPath(`${name}.secret`);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
      return secret;
    } catch {
      return fs.readFileSync(file, "utf8").trim(); // another process created it first
    }
  }
}
