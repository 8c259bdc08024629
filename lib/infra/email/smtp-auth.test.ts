import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDb, seedWorkspace } from "@/test/helpers/test-db";
import { openSmtpClient } from "@/test/helpers/smtp-client";
import { createZone } from "@/lib/infra/dns/manage-dns";
import type { RunningServer } from "@/lib/infra/dns/dns-server";
import type { Db } from "@/lib/db/client";
import { LoginThrottle, sharedLoginThrottle } from "@/lib/auth/login-throttle";
import { authorizeCredentials } from "@/lib/auth/sign-in";
import { createUser } from "@/lib/users/users";
import { createMailbox } from "./manage-mailboxes";
import { startSmtpServer } from "./smtp-server";
import { loadTlsKeyPair, type TlsKeyPair } from "./tls-certificate";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET ??= "test-secret"; // auth-options would otherwise write one into the data folder
});

const PASSWORD = "correct horse battery";
let db: Db;
let dir: string;
let tls: TlsKeyPair;
const servers: RunningServer[] = [];

beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  process.env.DATA_DIR = dir;
  const { workspace } = await seedWorkspace(db);
  await createZone(db, workspace.id, { domain: "auth.test" });
  await createMailbox(db, workspace.id, { address: "me@auth.test", password: PASSWORD, quota_mb: 10 });
  await createUser(db, { email: "owner@auth.test", password: PASSWORD });
  tls = loadTlsKeyPair({ hostname: "mail.bengkel.test" });
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  fs.rmSync(dir, { recursive: true, force: true });
});

async function submission(throttle?: LoginThrottle) {
  const server = await startSmtpServer(db, { port: 0, mode: "submission", tls, throttle });
  servers.push(server);
  return server;
}

/** Connects from `from`, does STARTTLS, then times the AUTH PLAIN round trip alone. */
async function timedAuth(port: number, user: string, pass: string, from = "127.0.0.1") {
  const client = openSmtpClient(port, from);
  await client.reply();
  await client.command("EHLO client.test");
  await client.startTls();
  await client.command("EHLO client.test");
  const start = performance.now();
  const reply = await client.command(`AUTH PLAIN ${Buffer.from(`\0${user}\0${pass}`).toString("base64")}`);
  const ms = performance.now() - start;
  client.close();
  return { reply, ms };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe("SMTP AUTH failure paths", () => {
  it("answers an unknown mailbox like a wrong password, in the same time (one argon2 verify each)", async () => {
    const { port } = await submission(new LoginThrottle({ maxFailures: 1000, baseDelayMs: 0 }));
    const unknown: number[] = [];
    const wrong: number[] = [];
    // Interleaved, first one then the other, so a change in the machine's load falls on both.
    for (let i = 0; i < 12; i++) {
      const tryUnknown = () => timedAuth(port, `nobody${i}@auth.test`, "not the password");
      const tryWrong = () => timedAuth(port, "me@auth.test", "not the password");
      let a, b;
      if (i % 2) {
        a = await tryUnknown();
        b = await tryWrong();
      } else {
        b = await tryWrong();
        a = await tryUnknown();
      }
      expect(a.reply).toBe(b.reply);
      unknown.push(a.ms);
      wrong.push(b.ms);
    }
    expect(wrong[0]).toBeGreaterThan(5); // an argon2 verify, not a table lookup
    // Without the decoy hash an unknown name answered in well under 1% of a wrong password's time.
    expect(median(unknown) / median(wrong)).toBeGreaterThan(0.5);
    expect(median(unknown) / median(wrong)).toBeLessThan(2);
  });

  it("shares the throttle with the dashboard sign-in: an address refused on one is refused on the other", async () => {
    const { port } = await submission(); // the process's shared throttle
    const address = "127.0.9.1";
    for (let i = 0; i < 10; i++)
      await sharedLoginThrottle(db).recordFailure({ account: `guess${i}@auth.test`, address });
    const smtp = await timedAuth(port, "me@auth.test", PASSWORD, address);
    expect(smtp.reply).toBe("454 4.7.0 Too many failed login attempts, try again later");
    const dashboard = authorizeCredentials(
      { email: "owner@auth.test", password: PASSWORD },
      {
        headers: { "x-forwarded-for": address },
      },
    );
    await expect(dashboard).rejects.toThrow(/Too many sign-in attempts/);
    // Another address is not affected, on either side.
    expect((await timedAuth(port, "me@auth.test", PASSWORD, "127.0.9.2")).reply).toMatch(/^235 2\.7\.0 /);
  });
});
