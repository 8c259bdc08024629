import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomToken } from "@/lib/ids";
import { dataDir, dataPath } from "@/lib/config";
import { mailOwner, runsAsRoot } from "./mail-owner";

export const maildirPath = (accountId: string) => dataPath("mail", accountId);

export function createMaildir(accountId: string): void {
  const root = maildirPath(accountId);
  const fresh = !fs.existsSync(path.join(/*turbopackIgnore: true*/ root, "tmp"));
  for (const sub of ["new", "cur", "tmp"])
    fs.mkdirSync(path.join(/*turbopackIgnore: true*/ root, sub), { recursive: true });
  if (fresh) shareMaildir(root);
}

/**
 * As root, hands a maildir to the mail owner (Dovecot reads it as that user): the folders, so Dovecot can move
 * and expunge messages and keep its index there. Messages the SMTP server writes stay root's, readable (0644).
 * The data folder gets search permission for others (not read: its names stay unlisted).
 */
export function shareMaildir(root: string): void {
  const owner = mailOwner();
  if (!runsAsRoot() || !owner) return;
  const data = dataDir();
  fs.chmodSync(data, fs.statSync(data).mode | 0o001);
  fs.chmodSync(path.dirname(root), 0o755);
  fs.chownSync(root, owner.uid, owner.gid);
  for (const sub of ["new", "cur", "tmp"])
    fs.chownSync(path.join(/*turbopackIgnore: true*/ root, sub), owner.uid, owner.gid);
}

/**
 * The messages and bytes a maildir holds, its Maildir++ folders (.Sent, .Trash …) included: what counts against
 * its quota. Sizes come from the `,S=` in the names (both the SMTP server and Dovecot write it), else from disk.
 */
export function measureMaildir(accountId: string): { bytes: number; messages: number } {
  const root = maildirPath(accountId);
  const entries = fs.existsSync(root) ? fs.readdirSync(root, { withFileTypes: true }) : [];
  const folders = [
    root,
    ...entries
      .filter((e) => e.isDirectory() && /^\.[^.]/.test(e.name))
      .map((e) => path.join(/*turbopackIgnore: true*/ root, e.name)),
  ];
  let bytes = 0;
  let messages = 0;
  for (const folder of folders) {
    for (const sub of ["new", "cur"]) {
      const dir = path.join(/*turbopackIgnore: true*/ folder, sub);
      const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
      for (const name of names) {
        const named = name.match(/,S=(\d+)/)?.[1];
        // Dovecot may move a message from new/ to cur/ meanwhile: gone now, it is counted where it went.
        const size = named
          ? Number(named)
          : (fs.statSync(path.join(/*turbopackIgnore: true*/ dir, name), { throwIfNoEntry: false })?.size ?? null);
        if (size === null) continue;
        bytes += size;
        messages += 1;
      }
    }
  }
  return { bytes, messages };
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
