import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDb, seedWorkspace } from "@/test/helpers/test-db";
import { createZone } from "@/lib/infra/dns/manage-dns";
import { LoginThrottle } from "@/lib/auth/login-throttle";
import type { RunningServer } from "@/lib/infra/dns/dns-server";
import type { Db } from "@/lib/db/client";
import { createMailbox, type MailboxRow } from "./manage-mailboxes";
import { MAX_MESSAGE_BYTES, startSmtpServer } from "./smtp-server";
import { loadTlsKeyPair } from "./tls-certificate";
import { emailActivity } from "./email-activity";
import { openSmtpClient } from "@/test/helpers/smtp-client";

const PASSWORD = "correct horse battery";
let db: Db;
let dir: string;
let box: MailboxRow;
const servers: RunningServer[] = [];

beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  process.env.DATA_DIR = dir;
  const { workspace } = await seedWorkspace(db);
  await createZone(db, workspace.id, { domain: "limits.test" });
  box = await createMailbox(db, workspace.id, { address: "me@limits.test", password: PASSWORD, quota_mb: 1024 });
  await createMailbox(db, workspace.id, { address: "other@limits.test", password: PASSWORD, quota_mb: 1024 });
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  fs.rmSync(dir, { recursive: true, force: true });
});

async function server(options: Parameters<typeof startSmtpServer>[1] = {}) {
  const running = await startSmtpServer(db, { port: 0, ...options });
  servers.push(running);
  return running;
}

/** An SMTP client that answers each command with the last line of its reply, greeted and past EHLO (and STARTTLS). */
async function connect(port: number, localAddress = "127.0.0.1", startTls = false) {
  const client = openSmtpClient(port, localAddress);
  const lastLine = (text: string) => text.split("\r\n").at(-1)!;
  await client.reply(); // greeting
  const command = async (line: string) => lastLine(await client.command(line));
  await command("EHLO client.test");
  if (startTls) {
    await client.startTls();
    await command("EHLO client.test");
  }
  return {
    get socket() {
      return client.socket;
    },
    close: client.close,
    reply: async () => lastLine(await client.reply()),
    command,
  };
}

/** A submission server (AUTH after STARTTLS) with the self-signed certificate made into DATA_DIR. */
const submission = (throttle: LoginThrottle) =>
  server({ mode: "submission", tls: loadTlsKeyPair({ hostname: "mail.bengkel.test" }), throttle });

const plain = (user: string, pass: string) => `AUTH PLAIN ${Buffer.from(`\0${user}\0${pass}`).toString("base64")}`;

async function auth(port: number, from: string, user: string, pass: string): Promise<string> {
  const client = await connect(port, from, true);
  const answer = await client.command(plain(user, pass));
  client.close();
  return answer;
}

/** Streams `bytes` of message body (1000-byte lines, written from one reused buffer with back-pressure). */
async function sendBody(socket: net.Socket, bytes: number, onChunk: () => void) {
  const line = `${"x".repeat(998)}\r\n`;
  const block = Buffer.from(line.repeat(1024)); // ~1 MB, the same buffer each time
  await new Promise<void>((resolve) => socket.write("Subject: big\r\n\r\n", () => resolve()));
  for (let sent = 0; sent < bytes; sent += block.length) {
    onChunk();
    if (!socket.write(block)) await new Promise((resolve) => socket.once("drain", resolve));
  }
  socket.write("\r\n.\r\n");
}

// Collect garbage before each measure, so what is measured is what is held (socket reads leave lots of garbage).
v8.setFlagsFromString("--expose-gc");
v8.setFlagsFromString("--no-concurrent-array-buffer-sweeping"); // so a collection frees buffers before it returns
const gc = vm.runInNewContext("gc") as () => void;
const used = () => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

/** Sends an oversized message and reports the reply and the peak growth of heap + external memory meanwhile. */
async function sendOversized(port: number, bytes: number) {
  const client = await connect(port);
  expect(await client.command("MAIL FROM:<a@sender.test>")).toMatch(/^250 /);
  expect(await client.command("RCPT TO:<me@limits.test>")).toMatch(/^250 /);
  expect(await client.command("DATA")).toMatch(/^354 /);
  const base = used();
  let peak = 0;
  const sample = () => (peak = Math.max(peak, used() - base)); // after each megabyte written
  const answer = client.reply();
  await sendBody(client.socket, bytes, sample);
  const text = await answer;
  return { client, text, peak };
}

const delivered = () => fs.readdirSync(path.join(dir, "mail", box.id, "new")).length;

describe("SMTP message size", () => {
  it("advertises SIZE and refuses a 60 MB message with 552 without keeping it, then still delivers a normal one", async () => {
    const { port } = await server();
    const probe = await connect(port);
    const ehlo = await new Promise<string>((resolve) => {
      let got = "";
      probe.socket.on("data", (c) => {
        got += c.toString();
        if (/\r\n250 [^\r\n]*\r\n$/.test(got)) resolve(got);
      });
      probe.socket.write("EHLO again.test\r\n");
    });
    expect(ehlo).toMatch(new RegExp(`\\r\\n250[- ]SIZE ${MAX_MESSAGE_BYTES}\\r\\n`));
    probe.close();

    const before = delivered();
    const { client, text, peak } = await sendOversized(port, 60 * 1024 * 1024);
    expect(text).toMatch(/^552 .*message exceeds fixed maximum message size/);
    // Up to the 25 MB limit is held (a message that fits is delivered from memory); nothing past it.
    expect(peak).toBeLessThan(MAX_MESSAGE_BYTES + 5 * 1024 * 1024); // buffering it all would show ≥ 60 MB
    expect(delivered()).toBe(before);
    // Counted as refused for the mailbox, with the bytes that arrived (all 60 MB and the few lines around them).
    const refused = (await emailActivity(db, box.workspaceId, 1)).accounts.find((a) => a.id === box.id)!;
    expect(refused).toMatchObject({ received: 0, rejected: 1 });
    expect(refused.rejected_bytes).toBeGreaterThanOrEqual(60 * 1024 * 1024);
    expect(refused.rejected_bytes).toBeLessThan(60 * 1024 * 1024 + 2 * 1024 * 1024);

    // The same connection goes on: a normal message is delivered.
    expect(await client.command("MAIL FROM:<a@sender.test>")).toMatch(/^250 /);
    expect(await client.command("RCPT TO:<me@limits.test>")).toMatch(/^250 /);
    expect(await client.command("DATA")).toMatch(/^354 /);
    expect(await client.command("Subject: small\r\n\r\nHello.\r\n.")).toMatch(/^250 /);
    client.close();
    expect(delivered()).toBe(before + 1);
  });

  it("stops buffering at the limit: memory stays far below the message size", async () => {
    const { port } = await server({ maxMessageBytes: 1024 * 1024 });
    const { client, text, peak } = await sendOversized(port, 30 * 1024 * 1024);
    client.close();
    expect(text).toMatch(/^552 /);
    expect(peak).toBeLessThan(5 * 1024 * 1024); // buffering all 30 MB would show ≥ 30 MB here
  });
});

describe("SMTP AUTH throttling", () => {
  const THROTTLED = "454 4.7.0 Too many failed login attempts, try again later";

  it("answers 454 after 10 failures for a mailbox, also to the right password, and the same for an unknown one", async () => {
    // The default limits; delays are not slept here (they are unit-tested in login-throttle.test.ts).
    const { port } = await submission(new LoginThrottle({ sleep: async () => {} }));
    // Unknown and wrong look the same.
    const wrong = await auth(port, "127.0.0.100", "me@limits.test", "wrong password!");
    const unknown = await auth(port, "127.0.0.101", "nobody@limits.test", "wrong password!");
    expect(wrong).toMatch(/^535 /);
    expect(unknown).toBe(wrong);

    // 10 more attempts (1 failure above), each from its own address, so only the account's count can refuse.
    const answers: string[] = [];
    for (let i = 0; i < 10; i++)
      answers.push(await auth(port, `127.0.1.${i + 1}`, i % 2 ? "ME@limits.test" : "me@limits.test", `guess ${i}`));
    expect(answers.slice(0, 9)).toEqual(Array(9).fill(wrong));
    expect(answers[9]).toBe(THROTTLED); // the 11th failure in a row is refused
    expect(await auth(port, "127.0.1.50", "me@limits.test", PASSWORD)).toBe(THROTTLED);

    // An unknown account (1 failure above) ends the same way.
    for (let i = 0; i < 9; i++)
      expect(await auth(port, `127.0.2.${i + 1}`, "nobody@limits.test", `guess ${i}`)).toBe(wrong);
    expect(await auth(port, "127.0.2.50", "nobody@limits.test", "guess")).toBe(THROTTLED);

    // Other mailboxes from clean addresses still log in.
    expect(await auth(port, "127.0.3.1", "other@limits.test", PASSWORD)).toMatch(/^235 /);
  });

  it("answers 454 to a client address after 10 failures on any mailboxes", async () => {
    const { port } = await submission(new LoginThrottle({ sleep: async () => {} }));
    const client = await connect(port, "127.0.4.1", true);
    const answers: string[] = [];
    for (let i = 0; i < 11; i++) answers.push(await client.command(plain(`guess${i}@limits.test`, "wrong password!")));
    expect(answers.slice(0, 10).every((a) => a.startsWith("535 "))).toBe(true);
    expect(answers[10]).toBe(THROTTLED);
    expect(await client.command(plain("other@limits.test", PASSWORD))).toBe(THROTTLED);
    client.close();
    expect(await auth(port, "127.0.4.2", "other@limits.test", PASSWORD)).toMatch(/^235 /);
  });
});
