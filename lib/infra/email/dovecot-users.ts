import fs from "node:fs";
import path from "node:path";
import { asc } from "drizzle-orm";
import { emailAccounts } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { config } from "@/lib/config";
import { randomToken } from "@/lib/ids";
import { logError } from "@/lib/log";
import { dovecotPaths } from "./dovecot-config";
import { maildirPath } from "./maildir";
import { mailOwner, runsAsRoot, systemUser } from "./mail-owner";

/** Dovecot's scheme names for the argon2 hashes @node-rs/argon2 writes (PHC strings, which Dovecot reads as is). */
const SCHEMES: [prefix: string, scheme: string][] = [
  ["$argon2id$", "ARGON2ID"],
  ["$argon2i$", "ARGON2I"],
];

type UserRow = Pick<typeof emailAccounts.$inferSelect, "id" | "address" | "passwordHash" | "quotaMb" | "status">;

/** One passwd-file line: user:password:uid:gid:(gecos):home:(shell):extra fields. Null for a line it cannot write. */
export function passwdLine(row: UserRow, owner: { uid: number; gid: number }): string | null {
  const scheme = SCHEMES.find(([prefix]) => row.passwordHash.startsWith(prefix))?.[1];
  const home = maildirPath(row.id);
  // A colon or line break would shift the fields; addresses are validated, but the file must never be ambiguous.
  if (!scheme || [row.address, row.passwordHash, home].some((field) => /[:\r\n]/.test(field))) return null;
  if (row.status !== "active") return null;
  return `${row.address}:{${scheme}}${row.passwordHash}:${owner.uid}:${owner.gid}::${home}::userdb_quota_rule=*:storage=${row.quotaMb}M`;
}

/**
 * Rewrites Dovecot's user list from the database: written beside it, then renamed over it, so Dovecot reads
 * either the old list or the new one. Dovecot re-reads the file when its modification time or size changes; a
 * reset keeps the size (argon2 hashes have one length), so the time is moved a whole second past the previous
 * one, which a change within the same second would otherwise not show.
 */
export async function writeDovecotUsers(
  db: Pick<Db, "select">,
  options: { ifChanged?: boolean } = {},
): Promise<number> {
  const owner = mailOwner();
  if (!owner) throw new Error("no user to own the maildirs (Debian's `mail` user is missing)");
  const rows = await db
    .select({
      id: emailAccounts.id,
      address: emailAccounts.address,
      passwordHash: emailAccounts.passwordHash,
      quotaMb: emailAccounts.quotaMb,
      status: emailAccounts.status,
    })
    .from(emailAccounts)
    .orderBy(asc(emailAccounts.address));
  const lines = rows.map((row) => passwdLine(row, owner)).filter((line): line is string => line !== null);
  const { users, dir } = dovecotPaths();
  const text = lines.map((line) => `${line}\n`).join("");
  if (options.ifChanged && fs.readFileSync(users, { encoding: "utf8", flag: "a+" }) === text) return lines.length;
  const group = prepareDovecotDir();
  const previous = fs.statSync(users, { throwIfNoEntry: false });
  const temp = path.join(/*turbopackIgnore: true*/ dir, `.users-${randomToken(8)}`);
  try {
    // Hashes only, yet still no one else's to read.
    fs.writeFileSync(temp, text, { mode: 0o600, flag: "wx" });
    if (group !== null) {
      fs.chownSync(temp, 0, group);
      fs.chmodSync(temp, 0o640);
    }
    const now = Date.now() / 1000;
    const mtime = previous ? Math.max(Math.floor(now), Math.floor(previous.mtimeMs / 1000) + 1) : now;
    fs.utimesSync(temp, mtime, mtime);
    fs.renameSync(temp, users);
  } finally {
    fs.rmSync(temp, { force: true });
  }
  return lines.length;
}

/**
 * Makes DATA_DIR/dovecot, the server's own. Under root, Dovecot's authentication runs as its `dovecot` user: that
 * user's group may read this folder and the user list, and others may search (not list) DATA_DIR to reach it.
 * Answers the group's id under root, else null.
 */
export function prepareDovecotDir(): number | null {
  const { dir } = dovecotPaths();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const group = runsAsRoot() ? (systemUser("dovecot")?.gid ?? null) : null;
  if (group === null) return null;
  fs.chownSync(dir, 0, group);
  fs.chmodSync(dir, 0o750);
  const data = path.dirname(dir);
  fs.chmodSync(data, fs.statSync(data).mode | 0o001);
  return group;
}

/**
 * After a mailbox is created, deleted or given a new password: the change reaches IMAP and POP3 within a second
 * (Dovecot looks at the file again at the first login of each second). Off with IMAP_ENABLED=off. A failure here is logged, not thrown:
 * the database holds the truth, and the next change or start rewrites the whole file.
 */
export async function syncDovecotUsers(db: Pick<Db, "select">): Promise<void> {
  if (!config().IMAP_ENABLED) return;
  try {
    await writeDovecotUsers(db);
  } catch (error) {
    logError("dovecot user list not written", { error });
  }
}
