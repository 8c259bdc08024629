import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { eq } from "drizzle-orm";
import { emailAccounts } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { logError, logInfo } from "@/lib/log";
import { dovecotPaths, renderDovecotConfig } from "./dovecot-config";
import { prepareDovecotDir, writeDovecotUsers } from "./dovecot-users";
import { maildirPath, shareMaildir } from "./maildir";
import { refreshMailboxUsage } from "./manage-mailboxes";
import { mailOwner, runsAsRoot } from "./mail-owner";

export interface DovecotSettings {
  path: string;
  host: string;
  imapPort: number;
  pop3Port: number;
  tlsCert?: string;
  tlsKey?: string;
}

export interface RunningDovecot {
  imapPort: number;
  pop3Port: number;
  stop(): Promise<void>;
}

export class DovecotMissingError extends Error {}

const READY_TIMEOUT_MS = 10_000;
/** Dovecot's master takes about 3 s to wind its processes down after SIGTERM; past this it is killed. */
const STOP_TIMEOUT_MS = 10_000;

/**
 * Starts Debian's Dovecot as a child of this server on Bengkel's own configuration (DATA_DIR/dovecot) and
 * answers once IMAP and POP3 listen. The child is stopped with stop() or when this process exits.
 */
export async function startDovecot(db: Db, settings: DovecotSettings): Promise<RunningDovecot> {
  if (!fs.existsSync(settings.path)) {
    throw new DovecotMissingError(
      `Dovecot is not installed (${settings.path}); IMAP and POP3 are off. On Debian: apt install dovecot-imapd dovecot-pop3d`,
    );
  }
  const owner = mailOwner();
  if (!owner) throw new Error("no user to own the maildirs: running as root needs Debian's `mail` user");
  const paths = dovecotPaths();
  prepareDovecotDir();
  const blocked = runsAsRoot() ? unsearchableParent(path.dirname(paths.dir)) : null;
  if (blocked) {
    logError("dovecot cannot reach the maildirs: a folder above DATA_DIR is closed to other users", {
      error: { folder: blocked, fix: `chmod o+x ${blocked}, or run Bengkel as a plain user` },
    });
  }
  await stopLeftover(paths.baseDir, paths.config);
  const conf = renderDovecotConfig({ ...settings, asRoot: runsAsRoot(), owner });
  fs.writeFileSync(paths.config, conf, { mode: 0o600 });
  await writeDovecotUsers(db);
  // Maildirs made before IMAP was on, or before an upgrade, become readable by the mail owner too.
  for (const { id } of await db.select({ id: emailAccounts.id }).from(emailAccounts)) {
    if (fs.existsSync(maildirPath(id))) shareMaildir(maildirPath(id));
  }

  const child = spawn(settings.path, ["-F", "-c", paths.config], { stdio: ["ignore", "pipe", "pipe"] });
  const recent: string[] = [];
  let markReady: () => void;
  // Dovecot's master binds every listener first, then logs that it is starting up (a taken port fails before).
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on("line", async (line) => {
      recent.push(line);
      if (recent.length > 20) recent.shift();
      if (/master: Info: Dovecot .* starting up/.test(line)) markReady();
      logInfo("dovecot", { line });
      const event = mailEvent(line);
      if (event) await recordMailEvent(db, event);
    });
  }
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const killOnExit = () => child.kill("SIGTERM");
  process.once("exit", killOnExit);

  const stop = async () => {
    process.removeListener("exit", killOnExit);
    await stopChild(child, exited);
  };
  try {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      // Dovecot writes its pid file just after that line; the next start reads it to stop a leftover (stopLeftover).
      ready.then(() => pidFileWritten(`${paths.baseDir}/master.pid`)),
      exited.then(() => {
        throw new Error(`dovecot exited at start: ${recent.join(" | ")}`);
      }),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("dovecot did not start in time")), READY_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
  } catch (error) {
    await stop();
    throw error;
  }
  // Mailboxes created or reset through another app instance (several machines, one mail host) reach Dovecot too.
  const follow = setInterval(() => {
    writeDovecotUsers(db, { ifChanged: true }).catch((error) => logError("dovecot user list not written", { error }));
  }, USERS_POLL_MS);
  follow.unref();
  return {
    imapPort: settings.imapPort,
    pop3Port: settings.pop3Port,
    stop: async () => {
      clearInterval(follow);
      await stop();
    },
  };
}

/**
 * Resolves once Dovecot's pid file names a process (it is written right after the line that marks the start),
 * or after PID_FILE_WAIT_MS: serving does not depend on it, only stopping a leftover later does.
 */
async function pidFileWritten(file: string): Promise<void> {
  const deadline = Date.now() + PID_FILE_WAIT_MS;
  const written = () => {
    try {
      return Number(fs.readFileSync(file, "utf8").trim()) > 1;
    } catch {
      return false;
    }
  };
  while (!written() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}
const PID_FILE_WAIT_MS = 2_000;

/** How often the mail host compares Dovecot's user list with the database. */
const USERS_POLL_MS = 5_000;

/**
 * A login sets the dashboard's "Last login"; a session's end re-measures the mailbox, which the session may have
 * emptied or filled. A failure (a closed database at shutdown) must not take the server down.
 */
async function recordMailEvent(db: Db, event: MailEvent): Promise<void> {
  try {
    if (event.kind === "login") {
      const at = new Date();
      await db.update(emailAccounts).set({ lastLoginAt: at }).where(eq(emailAccounts.address, event.address));
    } else {
      await refreshMailboxUsage(db, event.address);
    }
  } catch (error) {
    logError("mailbox event not recorded", { error });
  }
}

export interface MailEvent {
  kind: "login" | "logout";
  address: string;
}

/**
 * From Dovecot's log: a successful IMAP or POP3 login (`imap-login: Info: Login: user=<…>, method=…`) or the end
 * of a mail session (`imap(…)<pid><session>: Info: Disconnected…`). The user name is one Dovecot authenticated
 * against Bengkel's list, so it is a mailbox's address. Null for any other line.
 */
export function mailEvent(line: string): MailEvent | null {
  const login = line.match(/ (?:imap|pop3)-login: Info: Login: user=<([^<>\s]+)>, method=/);
  if (login) return { kind: "login", address: login[1] };
  const logout = line.match(/ (?:imap|pop3)\(([^()\s]+)\)(?:<[^<>]*>)*: Info: Disconnected\b/);
  return logout ? { kind: "logout", address: logout[1] } : null;
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** Under root the mail owner reaches DATA_DIR/mail only through folders others may search (x). */
function unsearchableParent(dataDir: string): string | null {
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    if ((fs.statSync(dir).mode & 0o001) === 0) return dir;
    if (dir === path.dirname(dir)) return null;
  }
}

/**
 * A server killed outright (SIGKILL, OOM) leaves its Dovecot running, which would hold the ports and refuse a
 * second start. Its pid is in Dovecot's own pid file; it is stopped only if it runs this very configuration.
 */
async function stopLeftover(baseDir: string, configPath: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(`${baseDir}/master.pid`, "utf8").trim());
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    if (!Number.isInteger(pid) || pid <= 1 || !cmdline.includes(configPath)) return;
  } catch {
    return;
  }
  logInfo("stopping the dovecot a previous server left running", { pid });
  process.kill(pid, "SIGTERM");
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (fs.existsSync(`/proc/${pid}`) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}
