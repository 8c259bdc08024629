import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { hash } from "@node-rs/argon2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { createZone } from "@/lib/infra/dns/manage-dns";
import { hashPassword } from "@/lib/users/users";
import type { Db } from "@/lib/db/client";
import { dovecotPaths } from "./dovecot-config";
import { passwdLine, writeDovecotUsers } from "./dovecot-users";
import { createMailbox } from "./manage-mailboxes";

const owner = { uid: 8, gid: 8 };
const row = { id: "mbx_1", address: "ayu@ayu-shop.test", quotaMb: 50, status: "active" as const };
let db: Db;
let dir: string;
beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  process.env.DATA_DIR = dir;
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  delete process.env.DATA_DIR;
});

/** Dovecot's own check of a stored password: `doveadm pw -t` answers "(verified)" or fails. */
const dovecotVerifies = (stored: string, password: string) => {
  try {
    return execFileSync("/usr/bin/doveadm", ["pw", "-t", stored, "-p", password], { stdio: "pipe" })
      .toString()
      .includes("(verified)");
  } catch {
    return false;
  }
};

describe("passwdLine", () => {
  it("hands Dovecot the stored argon2id hash as it is, which Dovecot verifies", async () => {
    const line = passwdLine({ ...row, passwordHash: await hashPassword("correct horse battery") }, owner)!;
    const [user, stored, uid, gid, , home, , extra] = line.split(":");
    expect([user, uid, gid, extra]).toEqual(["ayu@ayu-shop.test", "8", "8", "userdb_quota_rule=*"]);
    expect(line.endsWith(":userdb_quota_rule=*:storage=50M")).toBe(true);
    expect(home).toBe(`${dir}/mail/mbx_1`);
    expect(dovecotVerifies(stored, "correct horse battery")).toBe(true);
    expect(dovecotVerifies(stored, "correct horse battery!")).toBe(false);
    // argon2i hashes (other parameters) keep working too.
    const argon2i = passwdLine({ ...row, passwordHash: await hash("kata sandi lama", { algorithm: 1 }) }, owner)!;
    expect(dovecotVerifies(argon2i.split(":")[1], "kata sandi lama")).toBe(true);
  });

  it("leaves out a suspended mailbox, an unknown hash and anything that would shift the fields", async () => {
    const passwordHash = await hashPassword("correct horse battery");
    expect(passwdLine({ ...row, passwordHash, status: "suspended" }, owner)).toBeNull();
    expect(passwdLine({ ...row, passwordHash: "$2b$10$abcdefghijklmnopqrstuv" }, owner)).toBeNull();
    expect(passwdLine({ ...row, passwordHash, address: "a:b@ayu-shop.test" }, owner)).toBeNull();
  });
});

describe("writeDovecotUsers", () => {
  it("writes every mailbox, readable only by the server (and Dovecot's group), each write a second newer", async () => {
    const { workspace } = await seedWorkspace(db);
    await createZone(db, workspace.id, { domain: "ayu-shop.test" });
    await createMailbox(db, workspace.id, {
      address: "ayu@ayu-shop.test",
      password: "correct horse battery",
      quota_mb: 5,
    });
    const { users, dir: folder } = dovecotPaths();
    const before = fs.statSync(users);
    expect(await writeDovecotUsers(db)).toBe(1);
    expect(await writeDovecotUsers(db)).toBe(1);
    const after = fs.statSync(users);
    expect(Math.floor(after.mtimeMs / 1000)).toBeGreaterThanOrEqual(Math.floor(before.mtimeMs / 1000) + 2);
    expect(after.mode & 0o777).toBe(process.getuid?.() === 0 ? 0o640 : 0o600);
    expect(fs.readFileSync(users, "utf8")).toMatch(/^ayu@ayu-shop\.test:\{ARGON2ID\}\$argon2id\$/);
    expect(fs.readdirSync(folder).filter((name) => name.startsWith(".users-"))).toEqual([]);
  });
});
