import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDb, seedWorkspace } from "@/test/helpers/test-db";
import { openSmtpClient } from "@/test/helpers/smtp-client";
import { createZone } from "@/lib/infra/dns/manage-dns";
import type { RunningServer } from "@/lib/infra/dns/dns-server";
import type { Db } from "@/lib/db/client";
import { createMailbox, type MailboxRow } from "./manage-mailboxes";
import { startSmtpServer } from "./smtp-server";
import { loadTlsKeyPair } from "./tls-certificate";

let db: Db;
let dir: string;
let box: MailboxRow;
let inbound: RunningServer;

beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  process.env.DATA_DIR = dir;
  const { workspace } = await seedWorkspace(db);
  await createZone(db, workspace.id, { domain: "codes.test" });
  box = await createMailbox(db, workspace.id, {
    address: "me@codes.test",
    password: "correct horse battery",
    quota_mb: 10,
  });
  inbound = await startSmtpServer(db, { port: 0, tls: loadTlsKeyPair({ hostname: "mail.bengkel.test" }) });
});
afterAll(async () => {
  await inbound.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** RFC 2034 §4: after EHLO, every reply but the greeting's and EHLO's starts its text with exactly one status code. */
const ONE_CODE = /^(\d)\d\d [245]\.\d{1,3}\.\d{1,3} (?![245]\.\d{1,3}\.\d{1,3} )/;

const stored = () => {
  const dirNew = path.join(dir, "mail", box.id, "new");
  return fs.readdirSync(dirNew).map((f) => fs.readFileSync(path.join(dirNew, f), "utf8"));
};

describe("inbound SMTP replies", () => {
  it("advertises ENHANCEDSTATUSCODES and STARTTLS but no AUTH, and each reply carries one fitting code", async () => {
    const client = openSmtpClient(inbound.port);
    await client.reply();
    const ehlo = await client.command("EHLO client.test");
    expect(ehlo.split("\r\n").slice(1)).toEqual(
      expect.arrayContaining(["250-ENHANCEDSTATUSCODES", "250-STARTTLS", "250 SIZE 26214400"]),
    );
    expect(ehlo).not.toMatch(/AUTH/);
    const replies = {
      rcptFirst: await client.command("RCPT TO:<me@codes.test>"),
      mail: await client.command("MAIL FROM:<a@sender.test>"),
      relay: await client.command("RCPT TO:<someone@example.org>"),
      subdomain: await client.command("RCPT TO:<x@sub.codes.test>"),
      unknown: await client.command("RCPT TO:<nobody@codes.test>"),
      rcpt: await client.command("RCPT TO:<me@codes.test>"),
      noop: await client.command("NOOP"),
      auth: await client.command("AUTH PLAIN AGFiYwBkZWY="),
    };
    client.close();
    for (const [step, text] of Object.entries(replies)) expect(text, step).toMatch(ONE_CODE);
    expect(replies.rcptFirst).toMatch(/^503 5\.5\.1 /);
    expect(replies.mail).toBe("250 2.1.0 Accepted");
    // RFC 3463 §3.8: X.7.1 "delivery not authorized": not a relay, whatever domain is asked for.
    expect(replies.relay).toBe("550 5.7.1 <someone@example.org>: relaying denied");
    // A domain served here (or under one) without that mailbox: X.1.1 "bad destination mailbox address".
    expect(replies.subdomain).toBe("550 5.1.1 <x@sub.codes.test>: no such mailbox here");
    expect(replies.unknown).toBe("550 5.1.1 <nobody@codes.test>: no such mailbox here");
    expect(replies.rcpt).toBe("250 2.1.5 Accepted");
    expect(replies.auth).toMatch(/^500 5\.5\.2 /);
  });

  it("names the protocol in Received: SMTP after HELO, ESMTP after EHLO, ESMTPS after STARTTLS (RFC 3848)", async () => {
    const send = async (hello: string, tls: boolean) => {
      const client = openSmtpClient(inbound.port);
      await client.reply();
      await client.command(`${hello} client.test`);
      if (tls) {
        await client.startTls();
        await client.command(`${hello} client.test`);
      }
      await client.command("MAIL FROM:<a@sender.test>");
      await client.command("RCPT TO:<me@codes.test>");
      await client.command("DATA");
      const answer = await client.command(`Subject: ${hello} ${tls}\r\n\r\nhi\r\n.`);
      client.close();
      return answer;
    };
    expect(await send("HELO", false)).toMatch(/^250 2\.6\.0 Delivered to 1 mailbox$/);
    await send("EHLO", false);
    await send("EHLO", true);
    const withs = stored()
      .map((m) => [m.match(/^Subject: (.*)$/m)![1], m.match(/^Received: .* with (\S+) id /m)![1]])
      .sort();
    expect(withs).toEqual([
      ["EHLO false", "ESMTP"],
      ["EHLO true", "ESMTPS"],
      ["HELO false", "SMTP"],
    ]);
  });
});
