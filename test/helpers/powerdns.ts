import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";

export const PDNS_SERVER = "/usr/sbin/pdns_server";
/** Debian's pdns-backend-sqlite3 ships the gsqlite3 schema here. */
const SCHEMA = "/usr/share/pdns-backend-sqlite3/schema/schema.sqlite3.sql";

export interface RunningPowerDns {
  /** DNS on UDP and TCP. */
  dnsPort: number;
  apiUrl: string;
  apiKey: string;
  /** Kills PowerDNS (the data stays, so `start` brings it back with every zone). */
  kill(): Promise<void>;
  start(): Promise<void>;
  /** Kills it and removes its folder. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A real PowerDNS Authoritative (Debian's pdns-server + pdns-backend-sqlite3) on loopback ports, with its HTTP API
 * on and a fresh key, its configuration and SQLite database in a temp folder. Nothing outside it is touched.
 */
export async function startPowerDns(): Promise<RunningPowerDns> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-pdns-"));
  const database = new Database(path.join(dir, "pdns.sqlite3"));
  database.exec(fs.readFileSync(SCHEMA, "utf8"));
  database.close();
  const apiKey = randomBytes(24).toString("base64url");
  const [dnsPort, apiPort] = [await freePort(), await freePort()];
  fs.writeFileSync(
    path.join(dir, "pdns.conf"),
    [
      "launch=gsqlite3",
      `gsqlite3-database=${path.join(dir, "pdns.sqlite3")}`,
      "local-address=127.0.0.1",
      `local-port=${dnsPort}`,
      "api=yes",
      `api-key=${apiKey}`,
      "webserver=yes",
      "webserver-address=127.0.0.1",
      `webserver-port=${apiPort}`,
      "webserver-allow-from=127.0.0.0/8",
      `socket-dir=${dir}`,
      "guardian=no",
      "daemon=no",
      "disable-syslog=yes",
      "security-poll-suffix=", // no look-ups of its own on the Internet
      // Zone transfers only to a listed secondary (PowerDNS allows loopback by default); none here.
      "allow-axfr-ips=192.0.2.1/32",
      "loglevel=3",
      "",
    ].join("\n"),
  );
  let child: ChildProcess | null = null;
  const apiUrl = `http://127.0.0.1:${apiPort}`;

  const pdns: RunningPowerDns = {
    dnsPort,
    apiUrl,
    apiKey,
    async start() {
      const proc = spawn(PDNS_SERVER, [`--config-dir=${dir}`], { stdio: ["ignore", "ignore", "pipe"] });
      child = proc;
      let log = "";
      proc.stderr!.on("data", (chunk) => (log = (log + chunk).slice(-4000)));
      for (let i = 0; i < 100; i++) {
        if (proc.exitCode !== null) throw new Error(`pdns_server exited: ${log}`);
        const up = await fetch(`${apiUrl}/api/v1/servers/localhost`, { headers: { "X-API-Key": apiKey } }).then(
          (res) => res.ok,
          () => false,
        );
        if (up) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`pdns_server did not come up: ${log}`);
    },
    async kill() {
      const proc = child;
      child = null;
      if (!proc || proc.exitCode !== null) return;
      const exited = new Promise((resolve) => proc.once("exit", resolve));
      proc.kill("SIGKILL");
      await exited;
    },
    async stop() {
      await pdns.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await pdns.start();
  return pdns;
}
