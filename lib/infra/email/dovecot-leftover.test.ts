import fs from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "@/test/helpers/test-db";
import { freePort } from "@/test/helpers/free-port";
import type { Db } from "@/lib/db/client";
import { dovecotPaths } from "./dovecot-config";
import { startDovecot, type RunningDovecot } from "./dovecot-server";

let db: Db;
let dir: string;
const running: RunningDovecot[] = [];
beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  process.env.DATA_DIR = dir;
});
afterAll(async () => {
  await Promise.all(running.map((dovecot) => dovecot.stop()));
  delete process.env.DATA_DIR;
  fs.rmSync(dir, { recursive: true, force: true });
});

const start = async () => {
  const dovecot = await startDovecot(db, {
    path: "/usr/sbin/dovecot",
    host: "127.0.0.1",
    imapPort: await freePort(),
    pop3Port: await freePort(),
  });
  running.push(dovecot);
  return dovecot;
};

const greeting = (port: number) =>
  new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("data", (chunk) => {
      socket.end();
      resolve(chunk.toString());
    });
    socket.once("error", reject);
  });

const alive = (pid: number) => fs.existsSync(`/proc/${pid}`);

describe("a Dovecot a previous server left running", () => {
  it("is stopped by the next start on the same data folder, which then serves", async () => {
    const first = await start();
    const firstPid = Number(fs.readFileSync(`${dovecotPaths().baseDir}/master.pid`, "utf8"));
    expect(alive(firstPid)).toBe(true);
    const second = await start();
    expect(alive(firstPid)).toBe(false);
    await expect(greeting(first.imapPort)).rejects.toMatchObject({ code: "ECONNREFUSED" });
    expect(await greeting(second.imapPort)).toMatch(/^\* OK /);
  }, 30_000);
});
