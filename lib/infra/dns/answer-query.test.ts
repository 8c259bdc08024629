import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as dnsPacket from "dns-packet";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import type { Db } from "@/lib/db/client";
import { createRecord, createZone } from "./manage-dns";
import { startDnsServer, type RunningServer } from "./dns-server";
import { ask, overUdp, type DnsEndpoint } from "./testing/dns-client";

// What the shared answer suite leaves to each engine: the embedded server's own edges.
let db: Db;
let server: RunningServer;
let endpoint: DnsEndpoint;
beforeAll(async () => {
  ({ db } = await useTestDb());
  const ws = (await seedWorkspace(db)).workspace.id;
  await createZone(db, ws, { domain: "edges.test" });
  for (const [name, data] of [
    ["loop-a", "loop-b"],
    ["loop-b", "loop-a"],
  ])
    await createRecord(db, ws, "edges.test", { type: "CNAME", name, data });
  await createRecord(db, ws, "edges.test", { type: "A", name: "www", data: "192.0.2.80" });
  for (const c of "ab") await createRecord(db, ws, "edges.test", { type: "TXT", name: "txt", data: c.repeat(150) });
  server = await startDnsServer(db, { port: 0 });
  endpoint = { host: "127.0.0.1", port: server.port };
});
afterAll(() => server.stop());

const raw = (packet: dnsPacket.Packet) => overUdp(endpoint, dnsPacket.encode(packet)).then((b) => dnsPacket.decode(b));

describe("the embedded server's edges", () => {
  it("stops a CNAME loop after each name once, answering what it found", async () => {
    const reply = await ask(endpoint, "loop-a.edges.test", "A");
    expect(reply.rcode).toBe(0);
    expect(reply.packet.answers).toMatchObject([
      { name: "loop-a.edges.test", type: "CNAME", data: "loop-b.edges.test" },
      { name: "loop-b.edges.test", type: "CNAME", data: "loop-a.edges.test" },
    ]);
  });

  it("echoes the question's letter case (0x20) and finds the name whatever its case", async () => {
    const reply = await ask(endpoint, "WwW.EdGeS.TeSt", "A");
    expect(reply.packet.questions![0].name).toBe("WwW.EdGeS.TeSt");
    expect(reply.packet.answers).toMatchObject([{ name: "WwW.EdGeS.TeSt", data: "192.0.2.80" }]);
  });

  it("answers FORMERR to two questions, two OPT records or bytes that are not DNS; drops responses", async () => {
    const two = await raw({
      type: "query",
      id: 5,
      questions: [
        { type: "A", name: "www.edges.test" },
        { type: "A", name: "edges.test" },
      ],
    });
    expect(two).toHaveProperty("rcode", "FORMERR");
    const opt = { type: "OPT", name: ".", udpPayloadSize: 1232, flags: 0, options: [] } as unknown as dnsPacket.Answer;
    const twoOpt = await raw({
      type: "query",
      id: 6,
      questions: [{ type: "A", name: "www.edges.test" }],
      additionals: [opt, opt],
    });
    expect(twoOpt).toHaveProperty("rcode", "FORMERR");
    const garbage = Buffer.from([0, 7, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 63]); // a question cut short
    expect(dnsPacket.decode(await overUdp(endpoint, garbage))).toMatchObject({ id: 7, rcode: "FORMERR" });
    // A label of bytes that are not UTF-8 cannot be echoed faithfully, so it is not echoed at all.
    const latin1 = Buffer.concat([Buffer.from([0, 10, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 40]), Buffer.alloc(40, 0xe9)]);
    const notUtf8 = Buffer.concat([latin1, Buffer.from([0, 0, 1, 0, 1])]);
    expect(dnsPacket.decode(await overUdp(endpoint, notUtf8))).toMatchObject({
      id: 10,
      rcode: "FORMERR",
      questions: [],
    });
    const response = dnsPacket.encode({ type: "response", id: 8, questions: [{ type: "A", name: "www.edges.test" }] });
    await expect(overUdp(endpoint, response, 300)).rejects.toThrow(/no UDP answer/);
  });

  it("treats an advertised buffer below 512 as 512 and copies the DO bit", async () => {
    // Two 150-byte strings: about 370 bytes, more than 100 and less than 512 (RFC 6891 §6.2.5).
    const reply = await ask(endpoint, "txt.edges.test", "TXT", { bufsize: 100 });
    expect(reply.bytes).toBeGreaterThan(100);
    expect(reply.tc).toBe(false);
    expect(reply.packet.answers).toHaveLength(2);
    expect(reply.opt!.udpPayloadSize).toBe(1232);
    const dnssec = await raw({
      type: "query",
      id: 9,
      questions: [{ type: "A", name: "www.edges.test" }],
      additionals: [{ type: "OPT", name: ".", udpPayloadSize: 1232, flags: dnsPacket.DNSSEC_OK } as dnsPacket.Answer],
    });
    expect(dnssec.additionals).toMatchObject([{ type: "OPT", flag_do: true }]);
  });
});
