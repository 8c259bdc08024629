import fs from "node:fs";
import os from "node:os";

export interface MailOwner {
  name: string;
  uid: number;
  gid: number;
}

/** Debian's system user for mail spools; it exists on every Debian install. */
const ROOT_MAIL_USER = "mail";

/** A user from /etc/passwd (Node has no getpwnam). */
export function systemUser(name: string): MailOwner | null {
  let passwd: string;
  try {
    passwd = fs.readFileSync("/etc/passwd", "utf8");
  } catch {
    return null;
  }
  for (const line of passwd.split("\n")) {
    const [user, , uid, gid] = line.split(":");
    if (user === name && /^\d+$/.test(uid ?? "") && /^\d+$/.test(gid ?? ""))
      return { name, uid: Number(uid), gid: Number(gid) };
  }
  return null;
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
    cached = { name: info.username, uid: info.uid, gid: info.gid };
  } else {
    cached = systemUser(ROOT_MAIL_USER);
  }
  return cached;
}

export const runsAsRoot = (): boolean => process.getuid?.() === 0;
