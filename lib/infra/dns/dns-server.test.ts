import dgram from "node:dgram";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as dnsPacket from "dns-packet";
import { useTestDb, seedWorkspace } from "@/test/helpers/test-db";
import { dnsRecords } from "@/db/schema";
import { inTransaction, type Db } from "@/lib/db/client";
import { createRecord, createZone } from "./manage-dns";
import { MAX_DNS_MESSAGE } from "./dns-wire";
import { startDnsServer, type RunningServer } from "./dns-server";

const RECORDS = 3000;
let db: Db;
let server: RunningServer;

beforeAll(async () => {
  ({ db } = await useTestDb());
  const { workspace } = await seedWorkspace(db);
  const zone = await createZone(db, workspace.id, { domain: "big.test" });
  // 3,000 TXT records of 250 bytes at one name: about 800 KB of answer, 12 times what a DNS message can carry.
  const now = new Date();
  const rows = Array.from({ length: RECORDS }, (_, i) => ({
    id: `dnsrec_big${i}`,
    zoneId: zone.id,
    type: "TXT" as const,
    name: "txt",
    fqdn: "txt.big.test",
    data: `record ${String(i).padStart(4, "0")} `.padEnd(250, "x"),
    ttl: 300,
    createdAt: now,
  }));
  await inTransaction(db, async (tx) => {
    for (let i = 0; i < rows.length; i += 500) await tx.insert(dnsRecords).values(rows.slice(i, i + 500));
  });
  await createRecord(db, workspace.id, "big.test", { type: "A", name: "www", data: "198.51.100.8" });
  server = await startDnsServer(db, { port: 0 });
});
afterAll(() => server.stop());

const query = (id: number, name: string, type: dnsPacket.RecordType) =>
  dnsPacket.streamEncode({ type: "query", id, flags: 0, questions: [{ type, name }] });

/** Writes `queries` on one TCP connection and reads `count` length-framed answers, checking the framing. */
function overTcp(queries: Buffer, count: number): Promise<{ answers: Buffer[]; ms: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, "127.0.0.1", () => socket.write(queries));
    let got = Buffer.alloc(0);
    const answers: Buffer[] = [];
    socket.on("data", (chunk) => {
      got = Buffer.concat([got, chunk]);
      while (got.length >= 2 && got.length >= 2 + got.readUInt16BE(0)) {
        answers.push(got.subarray(2, 2 + got.readUInt16BE(0)));
        got = got.subarray(2 + got.readUInt16BE(0));
      }
      if (answers.length === count) {
        socket.end();
        // Nothing after the last frame: the length prefix told the truth.
        socket.on("close", () =>
          got.length === 0
            ? resolve({ answers, ms: performance.now() - start })
            : reject(new Error(`${got.length} stray bytes`)),
        );
      }
    });
    socket.on("error", reject);
    socket.setTimeout(5_000, () => reject(new Error(`timed out with ${answers.length} of ${count} answers`)));
  });
}

describe("DNS answers larger than a DNS message", () => {
  it("answers over TCP at once with as many records as fit in 65,535 bytes and TC set", async () => {
    const { answers, ms } = await overTcp(query(42, "txt.big.test", "TXT"), 1);
    expect(ms).toBeLessThan(2_000);
    expect(answers[0].length).toBeLessThanOrEqual(MAX_DNS_MESSAGE);
    const reply = dnsPacket.decode(answers[0]);
    expect(reply.id).toBe(42);
    expect((reply.flags ?? 0) & 0x0f).toBe(0); // NOERROR
    expect((reply.flags ?? 0) & dnsPacket.TRUNCATED_RESPONSE).toBeTruthy();
    expect((reply.flags ?? 0) & dnsPacket.AUTHORITATIVE_ANSWER).toBeTruthy();
    const records = reply.answers as dnsPacket.TxtAnswer[];
    // Each answer is 263 bytes (RFC 1035 §4.1.4: a 2-byte pointer to the question's name, 10 bytes of type, class,
    // TTL and length, a 251-byte string) after the 12-byte header and the 18-byte question: as many as fit.
    expect(records.length).toBe(Math.floor((MAX_DNS_MESSAGE - 12 - (14 + 4)) / 263));
    expect(records.every((r) => r.type === "TXT" && r.name === "txt.big.test")).toBe(true);
    expect(Buffer.concat(records[0].data as Buffer[]).toString()).toMatch(/^record \d{4} x+$/);
  });

  it("keeps answering on the same connection, also to a client that reads its answers late", async () => {
    const pipelined = Buffer.concat([
      ...Array.from({ length: 20 }, (_, i) => query(i + 1, "txt.big.test", "TXT")),
      query(99, "www.big.test", "A"),
    ]);
    const { answers } = await overTcp(pipelined, 21);
    const replies = answers.map((a) => dnsPacket.decode(a));
    expect(replies.map((r) => r.id)).toEqual([...Array.from({ length: 20 }, (_, i) => i + 1), 99]);
    expect(replies[20].answers).toMatchObject([{ type: "A", data: "198.51.100.8" }]);
    expect((replies[20].flags ?? 0) & dnsPacket.TRUNCATED_RESPONSE).toBeFalsy();
  });

  it("answers over UDP with TC and no records, within 512 bytes, as before", async () => {
    const socket = dgram.createSocket("udp4");
    const reply = await new Promise<Buffer>((resolve, reject) => {
      socket.once("message", resolve);
      socket.once("error", reject);
      socket.send(
        dnsPacket.encode({ type: "query", id: 7, flags: 0, questions: [{ type: "TXT", name: "txt.big.test" }] }),
        server.port,
        "127.0.0.1",
      );
    }).finally(() => socket.close());
    expect(reply.length).toBeLessThanOrEqual(512);
    const decoded = dnsPacket.decode(reply);
    expect((decoded.flags ?? 0) & dnsPacket.TRUNCATED_RESPONSE).toBeTruthy();
    expect(decoded.answers).toEqual([]);
  });
});
