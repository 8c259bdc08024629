import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { GET as list, POST as create } from "./route";
import { DELETE as remove } from "./[id]/route";
import { PATCH as resetPassword } from "./[id]/password/route";
import { GET as activity } from "./activity/route";
import { POST as createZone } from "@/app/v1/dns/zones/route";
import { apiRequest, routeParams, seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { startSmtpServer } from "@/lib/infra/email/smtp-server";
import type { RunningServer } from "@/lib/infra/dns/dns-server";
import { emailAccounts } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { openSmtpClient } from "@/test/helpers/smtp-client";
import { loadTlsKeyPair } from "@/lib/infra/email/tls-certificate";

let db: Db;
let dir: string;
let smtp: RunningServer;
let submission: RunningServer;
beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  process.env.DATA_DIR = dir;
  smtp = await startSmtpServer(db, { port: 0 });
  const tls = loadTlsKeyPair({ hostname: "mail.bengkel.test" });
  submission = await startSmtpServer(db, { port: 0, mode: "submission", tls });
});
afterAll(async () => {
  await Promise.all([smtp.stop(), submission.stop()]);
  fs.rmSync(dir, { recursive: true, force: true });
});

const PASSWORD = "correct horse battery";

async function workspaceWithZone(domain: string, scopes?: ("infra:read" | "infra:write")[]) {
  const seeded = await seedWorkspace(db, { scopes });
  const res = await createZone(apiRequest("/v1/dns/zones", { method: "POST", key: seeded.secret, body: { domain } }));
  expect(res.status).toBe(201);
  return seeded;
}

const post = (key: string, body: unknown) => create(apiRequest("/v1/email", { method: "POST", key, body }));

async function mailbox(key: string, address: string, extra: Record<string, unknown> = {}) {
  const res = await post(key, { address, password: PASSWORD, ...extra });
  expect(res.status).toBe(201);
  return (await res.json()).data;
}

/** A plain SMTP client: sends each line and collects the final reply code of each step. */
async function smtpSession(lines: string[]): Promise<number[]> {
  const client = openSmtpClient(smtp.port);
  const code = (text: string) => Number(text.match(/(\d{3}) [^\n]*$/)![1]);
  const codes = [code(await client.reply())];
  for (const line of lines) codes.push(code(await client.command(line)));
  client.close();
  return codes;
}

/** AUTH PLAIN on the submission port, after STARTTLS: the final reply code. */
async function submissionLogin(user: string, pass: string): Promise<number> {
  const client = openSmtpClient(submission.port);
  await client.reply();
  await client.command("EHLO c.test");
  await client.startTls();
  await client.command("EHLO c.test");
  const answer = await client.command(`AUTH PLAIN ${Buffer.from(`\0${user}\0${pass}`).toString("base64")}`);
  client.close();
  return Number(answer.slice(0, 3));
}

const message = (to: string, body: string) => `From: a@sender.test\r\nTo: ${to}\r\nSubject: hello\r\n\r\n${body}\r\n.`;

describe("e-mail accounts over the API", () => {
  it("creates, lists and deletes; validation errors name their parameter", async () => {
    const { secret } = await workspaceWithZone("acme-mail.test");
    const created = await mailbox(secret, "Sales@ACME-mail.test", { quota_mb: 50 });
    expect(created).toMatchObject({
      address: "sales@acme-mail.test",
      quota_mb: 50,
      used_bytes: 0,
      message_count: 0,
      status: "active",
      last_login_at: null,
    });
    expect(created.id).toMatch(/^mbx_/);
    expect(fs.existsSync(path.join(dir, "mail", created.id, "new"))).toBe(true);
    expect(JSON.stringify(created)).not.toContain("argon");

    for (const [body, param] of [
      [{ address: "x@elsewhere.test", password: PASSWORD }, "address"],
      [{ address: "not-an-address", password: PASSWORD }, "address"],
      [{ address: "a@acme-mail.test", password: "short" }, "password"],
      [{ address: "a@acme-mail.test", password: "Password1234" }, "password"],
      [{ address: "a@acme-mail.test", password: "x".repeat(129) }, "password"],
      [{ address: "a@acme-mail.test", password: PASSWORD, quota_mb: 1 }, "quota_mb"],
    ] as const) {
      const res = await post(secret, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error.param).toBe(param);
    }
    expect((await post(secret, { address: "sales@acme-mail.test", password: PASSWORD })).status).toBe(409);

    const listed = await (await list(apiRequest("/v1/email", { key: secret }))).json();
    expect(listed.data.map((m: { address: string }) => m.address)).toEqual(["sales@acme-mail.test"]);
    const { secret: other } = await seedWorkspace(db);
    const foreign = await remove(
      apiRequest(`/v1/email/${created.id}`, { method: "DELETE", key: other }),
      routeParams({ id: created.id }),
    );
    expect(foreign.status).toBe(404);
    expect((await (await list(apiRequest("/v1/email", { key: other }))).json()).data).toEqual([]);
    const gone = await remove(
      apiRequest(`/v1/email/${created.id}`, { method: "DELETE", key: secret }),
      routeParams({ id: created.id }),
    );
    expect(gone.status).toBe(200);
    expect(fs.existsSync(path.join(dir, "mail", created.id))).toBe(false);
  });

  it("401 without a key, 403 for writes with infra:read", async () => {
    expect((await activity(apiRequest("/v1/email/activity"))).status).toBe(401);
    const { secret } = await seedWorkspace(db, { scopes: ["infra:read"] });
    expect((await activity(apiRequest("/v1/email/activity", { key: secret }))).status).toBe(200);
    expect((await post(secret, { address: "a@b.test", password: PASSWORD })).status).toBe(403);
  });
});

describe("the embedded SMTP server", () => {
  it("delivers into the maildir, counts activity, refuses unknown recipients (550) and full mailboxes (552)", async () => {
    const { secret } = await workspaceWithZone("inbox.test");
    const ops = await mailbox(secret, "ops@inbox.test");
    const tiny = await mailbox(secret, "tiny@inbox.test", { quota_mb: 10 });
    await db
      .update(emailAccounts)
      .set({ usedBytes: 10 * 1024 * 1024 })
      .where(eq(emailAccounts.id, tiny.id));

    const before = (await (await activity(apiRequest("/v1/email/activity?days=7", { key: secret }))).json()).data;
    expect(before.totals).toEqual({ received: 0, bytes: 0, rejected: 0, rejected_bytes: 0, accounts: 2 });
    expect(before.daily).toHaveLength(7);

    const codes = await smtpSession([
      "EHLO client.test",
      "MAIL FROM:<a@sender.test>",
      "RCPT TO:<nobody@inbox.test>",
      "RCPT TO:<tiny@inbox.test>",
      "RCPT TO:<ops@inbox.test>",
      "DATA",
      message("ops@inbox.test", "First message."),
      "QUIT",
    ]);
    expect(codes).toEqual([220, 250, 250, 550, 552, 250, 354, 250, 221]);

    const maildir = path.join(dir, "mail", ops.id);
    const delivered = fs.readdirSync(path.join(maildir, "new"));
    expect(delivered).toHaveLength(1);
    expect(fs.readdirSync(path.join(maildir, "tmp"))).toEqual([]);
    const size = fs.statSync(path.join(maildir, "new", delivered[0])).size;
    const stored = fs.readFileSync(path.join(maildir, "new", delivered[0]), "utf8");
    expect(stored).toMatch(/^Return-Path: <a@sender.test>\r\nDelivered-To: ops@inbox.test\r\nReceived: from /);
    expect(stored).toContain("First message.");

    const after = (await (await activity(apiRequest("/v1/email/activity?days=7", { key: secret }))).json()).data;
    // Two refusals without a declared SIZE: nobody@ (no such mailbox) and tiny@ (full).
    expect(after.totals).toEqual({ received: 1, bytes: size, rejected: 2, rejected_bytes: 0, accounts: 2 });
    const today = { date: new Date().toISOString().slice(0, 10), received: 1, bytes: size, rejected: 2 };
    expect(after.daily.at(-1)).toEqual({ ...today, rejected_bytes: 0, mailboxes: 2 });
    expect(after.unknown_recipients).toEqual({ rejected: 1, rejected_bytes: 0 });
    expect(after.accounts.find((a: { id: string }) => a.id === ops.id)).toMatchObject({
      received: 1,
      bytes: size,
      message_count: 1,
      used_bytes: size,
      deleted_at: null,
    });
    expect(after.accounts.find((a: { id: string }) => a.id === tiny.id)).toMatchObject({ received: 0, rejected: 1 });
    const listed = (await (await list(apiRequest("/v1/email", { key: secret }))).json()).data;
    expect(listed.find((m: { id: string }) => m.id === ops.id)).toMatchObject({ message_count: 1, used_bytes: size });

    // Deleting the mailbox changes no past figure; the mailbox is still listed, as deleted.
    const deleted = await remove(
      apiRequest(`/v1/email/${ops.id}`, { method: "DELETE", key: secret }),
      routeParams({ id: ops.id }),
    );
    expect(deleted.status).toBe(200);
    const later = (await (await activity(apiRequest("/v1/email/activity?days=7", { key: secret }))).json()).data;
    expect(later.totals).toEqual(after.totals);
    expect(later.daily).toEqual(after.daily);
    const gone = later.accounts.find((a: { id: string }) => a.id === ops.id);
    expect(gone).toMatchObject({ address: "ops@inbox.test", received: 1, bytes: size, message_count: null });
    expect(Date.parse(gone.deleted_at)).toBeGreaterThanOrEqual(Date.parse(gone.created_at));
  });

  it("checks passwords on submission AUTH, records the login, and a generated reset password works once shown", async () => {
    const { secret } = await workspaceWithZone("auth.test");
    const box = await mailbox(secret, "me@auth.test");
    // The inbound port (the MX) takes no AUTH at all.
    const plain = (user: string, pass: string) => `AUTH PLAIN ${Buffer.from(`\0${user}\0${pass}`).toString("base64")}`;
    expect(await smtpSession(["EHLO c.test", plain("me@auth.test", PASSWORD)])).toEqual([220, 250, 500]);
    expect(await submissionLogin("me@auth.test", "wrong password!")).toBe(535);
    expect(await submissionLogin("me@auth.test", PASSWORD)).toBe(235);
    const row = (await db.select().from(emailAccounts).where(eq(emailAccounts.id, box.id)).limit(1))[0]!;
    expect(row.lastLoginAt).toBeInstanceOf(Date);

    const reset = await resetPassword(
      apiRequest(`/v1/email/${box.id}/password`, { method: "PATCH", key: secret }),
      routeParams({ id: box.id }),
    );
    const data = (await reset.json()).data;
    expect(data.password).toMatch(/^[A-Za-z2-9]{20}$/);
    expect(await submissionLogin("me@auth.test", PASSWORD)).toBe(535);
    expect(await submissionLogin("me@auth.test", data.password)).toBe(235);

    const chosen = await resetPassword(
      apiRequest(`/v1/email/${box.id}/password`, {
        method: "PATCH",
        key: secret,
        body: { password: "another long secret" },
      }),
      routeParams({ id: box.id }),
    );
    expect((await chosen.json()).data.password).toBeUndefined();
    const weak = await resetPassword(
      apiRequest(`/v1/email/${box.id}/password`, { method: "PATCH", key: secret, body: { password: "short" } }),
      routeParams({ id: box.id }),
    );
    expect((await weak.json()).error.param).toBe("password");
    const { secret: other } = await seedWorkspace(db);
    expect(
      (
        await resetPassword(
          apiRequest(`/v1/email/${box.id}/password`, { method: "PATCH", key: other }),
          routeParams({ id: box.id }),
        )
      ).status,
    ).toBe(404);
  });
});
