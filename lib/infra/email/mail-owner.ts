import fs from "node:fs";
import os from "node:os";

export interface MailOwner {
  name: string;
  uid: number;
  gid: number;
  /** The name of the primary group (Dovecot's settings take names). */
  group: string;
}

/** Debian's system user for mail spools; it exists on every Debian install. */
const ROOT_MAIL_USER = "mail";

/** The lines of /etc/passwd or /etc/group, split into fields (Node has no getpwnam/getgrgid). */
function entries(file: string): string[][] {
  try {
    return fs
      .readFileSync(file, "utf8")
      .split("\n")
      .map((line) => line.split(":"));
  } catch {
    return [];
  }
}

const groupName = (gid: number): string | null =>
  entries("/etc/group").find(([, , id]) => id === String(gid))?.[0] ?? null;

/** A user from /etc/passwd, with its primary group's name. */
export function systemUser(name: string): MailOwner | null {
  const entry = entries("/etc/passwd").find(([user]) => user === name);
  if (!entry || !/^\d+$/.test(entry[2] ?? "") || !/^\d+$/.test(entry[3] ?? "")) return null;
  const [uid, gid] = [Number(entry[2]), Number(entry[3])];
  const group = groupName(gid);
  return group ? { name, uid, gid, group } : null;
}

let cached: MailOwner | null | undefined;

/**
 * Who owns the maildirs Dovecot reads. Dovecot refuses mail access as root, so a server running as root (a
 * container) hands the maildirs to Debian's `mail` user; any other user keeps them as its own.
 */
export function mailOwner(): MailOwner | null {
  if (cached !== undefined) return cached;
  const uid = process.getuid?.() ?? 0;
  if (uid !== 0) {
    const info = os.userInfo();
    const group = groupName(info.gid);
    cached = group ? { name: info.username, uid: info.uid, gid: info.gid, group } : null;
  } else {
    cached = systemUser(ROOT_MAIL_USER);
  }
  return cached;
}

export const runsAsRoot = (): boolean => process.getuid?.() === 0;
