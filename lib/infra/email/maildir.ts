import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomToken } from "@/lib/ids";
import { dataPath } from "@/lib/config";

export const maildirPath = (accountId: string) => dataPath("mail", accountId);

export function createMaildir(accountId: string): void {
  for (const sub of ["new", "cur", "tmp"])
    fs.mkdirSync(path.join(/*turbopackIgnore: true*/ maildirPath(accountId), sub), { recursive: true });
}

export function removeMaildir(accountId: string): void {
  fs.rmSync(maildirPath(accountId), { recursive: true, force: true });
}

/**
 * Maildir delivery: write under tmp/, then rename into new/ — a rename is
 * atomic, so a reader never sees half a message.
 */
export function deliverToMaildir(accountId: string, message: Buffer, now = new Date()): string {
  createMaildir(accountId);
  const host = os.hostname().replace(/[/:]/g, "_");
  const unique = `${Math.floor(now.getTime() / 1000)}.${process.pid}_${randomToken(12)}.${host},S=${message.length}`;
  const tmp = path.join(/*turbopackIgnore: true*/ maildirPath(accountId), "tmp", unique);
  fs.writeFileSync(tmp, message, { flag: "wx" });
  const final = path.join(/*turbopackIgnore: true*/ maildirPath(accountId), "new", unique);
  fs.renameSync(tmp, final);
  return final;
}
