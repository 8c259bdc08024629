import { afterAll, beforeAll, describe, expect, it } from "vitest";
import dgram from "node:dgram";
import * as dnsPacket from "dns-packet";
import type { Db } from "@/lib/db/client";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { startPowerDns, type RunningPowerDns } from "@/test/helpers/powerdns";
import { startDnsServer, type RunningServer } from "../dns-server";
import { createRecord, createZone } from "../manage-dns";
import { powerDnsClient } from "./powerdns-client";
import { pushDueZones } from "./push-due-zones";

/**
 * The two engines serve one database: the embedded server reads it, PowerDNS got it pushed. Each query goes to
 * both, and their answers must agree — PowerDNS being the reference, so no expected answer is written by hand.
 */
let db: Db;
let pdns: RunningPowerDns;
let embedded: RunningServer;
const saved = { ...process.env };

beforeAll(async () => {
  ({ db } = await useTestDb());
  pdns = await startPowerDns();
  Object.assign(process.env, { DNS_BACKEND: "powerdns", PDNS_API_URL: pdns.apiUrl, PDNS_API_KEY: pdns.apiKey });
  embedded = await startDnsServer(db, { port: 0 });
  const { workspace } = await seedWorkspace(db);
  await createZone(db, workspace.id, { domain: "agree.test" });
  const add = async (input: Parameters<typeof createRecord>[3]) =>
    await createRecord(db, workspace.id, "agree.test", input);
  await add({ type: "A", name: "www", data: "192.0.2.1", ttl: 300 });
  await add({ type: "A", name: "www", data: "192.0.2.2", ttl: 300 });
  await add({ type: "AAAA", name: "www", data: "2001:db8::1" });
  await add({ type: "MX", name: "@", data: "mx1", priority: 10 });
  await add({ type: "MX", name: "@", data: "mx2.agree.test.", priority: 20 });
  await add({ type: "TXT", name: "@", data: "v=spf1 mx -all" });
  await add({ type: "TXT", name: "long", data: "y".repeat(300) });
  await add({ type: "SRV", name: "_sip._tcp", data: "sip", priority: 10, weight: 5, port: 5060 });
  await add({ type: "CAA", name: "@", data: "letsencrypt.org", tag: "issue" });
  await add({ type: "CAA", name: "@", data: "mailto:security@agree.test", tag: "iodef", flags: 128 });
  await add({ type: "CNAME", name: "alias", data: "elsewhere.example.net." });
  await add({ type: "A", name: "deep.path.under", data: "192.0.2.9" });
  await add({ type: "CNAME", name: "blog", data: "www" });
  await add({ type: "NS", name: "sub", data: "ns.elsewhere.example.net." });
  await add({ type: "A", name: "*.wild", data: "192.0.2.7" });
  expect(await pushDueZones(db, powerDnsClient())).toEqual({ pushed: 1, failed: 0 });
});
afterAll(async () => {
  process.env = { ...saved };
  await Promise.all([embedded?.stop(), pdns?.stop()]);
});

function ask(port: number, name: string, type: dnsPacket.RecordType): Promise<dnsPacket.DecodedPacket> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket("udp4");
    const timer = setTimeout(() => (socket.close(), reject(new Error(`no answer to ${type} ${name}`))), 3_000);
    socket.on("message", (message) => {
      clearTimeout(timer);
      socket.close();
      resolve(dnsPacket.decode(message));
    });
    socket.send(
      dnsPacket.encode({ type: "query", id: 4242, flags: 0, questions: [{ type, name }] }),
      port,
      "127.0.0.1",
    );
  });
}

/** What must match: status, AA, the answer RRsets (order-free) and the authority's types; SOA serials differ by design. */
function essence(packet: dnsPacket.DecodedPacket) {
  const flags = packet.flags ?? 0;
  const record = (r: dnsPacket.Answer) => {
    if (r.type === "OPT") return "OPT";
    const data =
      r.type === "SOA" ? { ...r.data, serial: "(engine's own)" } : r.type === "TXT" ? String(r.data) : r.data;
    return JSON.stringify({ name: r.name, type: r.type, ttl: r.ttl, data });
  };
  return {
    rcode: (packet as { rcode?: string }).rcode, // decoded by dns-packet, missing from its types
    authoritative: Boolean(flags & dnsPacket.AUTHORITATIVE_ANSWER),
    answers: (packet.answers ?? []).map(record).sort(),
    authorities: (packet.authorities ?? []).map((r) => r.type).sort(),
  };
}

const QUERIES: [string, dnsPacket.RecordType][] = [
  ["www.agree.test", "A"],
  ["www.agree.test", "AAAA"],
  ["agree.test", "MX"],
  ["agree.test", "TXT"],
  ["long.agree.test", "TXT"],
  ["_sip._tcp.agree.test", "SRV"],
  ["agree.test", "CAA"],
  ["agree.test", "NS"],
  ["agree.test", "SOA"],
  ["alias.agree.test", "CNAME"],
  ["alias.agree.test", "A"], // an alias out of the zone: the CNAME alone
  ["www.agree.test", "MX"], // NODATA
  ["nope.agree.test", "A"], // NXDOMAIN
  ["path.under.agree.test", "A"], // an empty non-terminal: NODATA, not NXDOMAIN
  ["deep.path.under.agree.test", "A"],
  ["example.org", "A"], // not hosted: REFUSED
  ["blog.agree.test", "A"], // an alias in the zone: the CNAME, then the target's records
  ["host.sub.agree.test", "A"], // below a delegation: a referral
  ["any.wild.agree.test", "A"], // a wildcard (RFC 4592)
];

describe("the embedded server and PowerDNS give the same answers", () => {
  it.each(QUERIES)("%s %s", async (name, type) => {
    const [mine, reference] = await Promise.all([ask(embedded.port, name, type), ask(pdns.dnsPort, name, type)]);
    expect(essence(mine)).toEqual(essence(reference));
  });
});
