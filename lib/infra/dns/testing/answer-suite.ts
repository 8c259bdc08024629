import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as dnsPacket from "dns-packet";
import { ask, dig, type AskOptions, type DnsEndpoint, type Reply } from "./dns-client";

/** A record as `POST /v1/dns/zones/{domain}/records` takes it. */
export interface RecordBody {
  type: string;
  name: string;
  data: string;
  ttl?: number;
  priority?: number;
  weight?: number;
  port?: number;
}

/** A DNS engine fed through Bengkel: the embedded server, or PowerDNS. */
export interface DnsAnswerTarget {
  /** Starts the engine; answers where it listens. */
  start(): Promise<DnsEndpoint>;
  stop(): Promise<void>;
  /** Hosts a zone the way a customer does, ready to be served when the promise settles. */
  createZone(domain: string): Promise<void>;
  /** Adds a record the way a customer does, served when the promise settles. */
  createRecord(domain: string, record: RecordBody): Promise<void>;
  /** The NS names served at every apex. */
  nameservers: string[];
  /** The suite's zones are `<case>.<parent>`; default `answers.test`. */
  parent?: string;
}

const RCODE = { NOERROR: 0, FORMERR: 1, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5, NOTAUTH: 9, BADVERS: 16 };
const OPCODE = { NOTIFY: 4, UPDATE: 5 };

/** A decoded record, loosely typed: what its `data` holds depends on its type. */
interface Rec<D = string> {
  name: string;
  type: string;
  ttl: number;
  data: D;
}
const records = <D = string>(list: dnsPacket.Answer[] | undefined, type: string) =>
  (list ?? []).filter((r) => r.type === type) as unknown as Rec<D>[];
/** "owner TYPE data", the data of A, AAAA, NS and CNAME as text, TXT joined. */
const line = (answer: dnsPacket.Answer) => {
  const r = answer as unknown as Rec<unknown>;
  return `${r.name} ${r.type} ${r.type === "TXT" ? txt(answer) : String(r.data)}`;
};
const sorted = (values: string[]) => [...values].sort();
const txt = (r: dnsPacket.Answer) => Buffer.concat((r as dnsPacket.TxtAnswer).data as Buffer[]).toString();

/**
 * The answers a hosting customer's zone must get, asked with real clients
 * (dns-packet over UDP and TCP sockets, and dig) and checked against the RFCs,
 * so the embedded server and PowerDNS are held to the same behaviour.
 */
export function runDnsAnswerSuite(label: string, target: DnsAnswerTarget): void {
  describe(`DNS answers: ${label}`, () => {
    let server: DnsEndpoint;
    beforeAll(async () => {
      server = await target.start();
    });
    afterAll(() => target.stop());

    const parent = target.parent ?? "answers.test";
    const zoneWith = async (slug: string, list: RecordBody[]) => {
      const domain = `${slug}.${parent}`;
      await target.createZone(domain);
      for (const record of list) await target.createRecord(domain, record);
      return domain;
    };
    const q = (name: string, type: string, options?: AskOptions) => ask(server, name, type, options);
    const negativeTtl = (reply: Reply) => {
      const [soa] = records<dnsPacket.SoaData>(reply.packet.authorities, "SOA");
      return { soa, ttl: soa && Math.min(soa.ttl, soa.data.minimum!) };
    };

    it.each(["udp", "tcp"])(
      "answers authoritatively, NXDOMAIN/NODATA with the SOA, REFUSED elsewhere (%s)",
      async (t) => {
        const tcp = t === "tcp";
        const zone = await zoneWith(`basics-${t}`, [{ type: "A", name: "www", data: "192.0.2.10", ttl: 300 }]);
        const soa = await q(zone, "SOA", { tcp });
        expect(soa).toMatchObject({ rcode: RCODE.NOERROR, aa: true });
        expect(records(soa.packet.answers, "SOA")).toHaveLength(1);
        const ns = await q(zone, "NS", { tcp });
        expect(sorted(records(ns.packet.answers, "NS").map((r) => r.data))).toEqual(sorted(target.nameservers));
        const a = await q(`www.${zone}`, "A", { tcp });
        expect(a.aa).toBe(true);
        expect(a.packet.answers).toMatchObject([{ type: "A", name: `www.${zone}`, ttl: 300, data: "192.0.2.10" }]);

        const nx = await q(`nope.${zone}`, "A", { tcp });
        expect(nx).toMatchObject({ rcode: RCODE.NXDOMAIN, aa: true });
        const nodata = await q(`www.${zone}`, "TXT", { tcp });
        expect(nodata).toMatchObject({ rcode: RCODE.NOERROR, aa: true });
        for (const negative of [nx, nodata]) {
          expect(negative.packet.answers).toEqual([]);
          // RFC 2308 §3: the SOA's own TTL is the negative-caching time, the lesser of its TTL and MINIMUM.
          const { soa: negSoa, ttl } = negativeTtl(negative);
          expect(negSoa.name).toBe(zone);
          expect(negSoa.ttl).toBe(ttl);
        }
        const refused = await q("not-hosted.example", "A", { tcp });
        expect(refused).toMatchObject({ rcode: RCODE.REFUSED, aa: false });
        expect(refused.packet.answers).toEqual([]);
      },
    );

    it("serves relative names in record data fully qualified, absolute ones as given (finding 1)", async () => {
      const zone = await zoneWith("relative", [
        { type: "MX", name: "@", data: "mail", priority: 10 },
        { type: "MX", name: "@", data: "mx.example.net.", priority: 20 },
        { type: "CNAME", name: "www", data: "web" },
        { type: "CNAME", name: "home", data: "@" },
        { type: "SRV", name: "_sip._tcp", data: "sip", priority: 10, weight: 5, port: 5060 },
        { type: "NS", name: "lab", data: "ns1.lab" },
      ]);
      const mx = await q(zone, "MX");
      expect(
        sorted(
          records<dnsPacket.MxData>(mx.packet.answers, "MX").map((r) => `${r.data.preference} ${r.data.exchange}`),
        ),
      ).toEqual([`10 mail.${zone}`, "20 mx.example.net"]);
      expect(records((await q(`www.${zone}`, "CNAME")).packet.answers, "CNAME")[0].data).toBe(`web.${zone}`);
      expect(records((await q(`home.${zone}`, "CNAME")).packet.answers, "CNAME")[0].data).toBe(zone);
      expect(
        records<dnsPacket.SrvData>((await q(`_sip._tcp.${zone}`, "SRV")).packet.answers, "SRV")[0].data.target,
      ).toBe(`sip.${zone}`);
      const referral = await q(`lab.${zone}`, "NS", { rd: false });
      expect(records(referral.packet.authorities, "NS")[0].data).toBe(`ns1.lab.${zone}`);
      // And as dig prints it, in zone-file form.
      const digged = await dig(server, ["+norec", zone, "MX"]);
      expect(sorted(digged.answer)).toEqual(
        sorted([`${zone}. 3600 IN MX 10 mail.${zone}.`, `${zone}. 3600 IN MX 20 mx.example.net.`]),
      );
    });

    it("refers a delegated name with NS in authority, glue in additional, and no AA (finding 2)", async () => {
      const zone = await zoneWith("delegating", [
        { type: "NS", name: "sub", data: "ns1.sub" },
        { type: "NS", name: "sub", data: "ns.elsewhere.example." },
        { type: "A", name: "ns1.sub", data: "192.0.2.53" },
        { type: "AAAA", name: "ns1.sub", data: "2001:db8::53" },
        { type: "A", name: "host.sub", data: "192.0.2.99" }, // below the cut: the child's to answer
      ]);
      for (const [name, type] of [
        [`host.sub.${zone}`, "A"],
        [`deeper.host.sub.${zone}`, "TXT"],
        [`sub.${zone}`, "NS"],
        [`sub.${zone}`, "A"],
      ]) {
        const reply = await q(name, type, { rd: false });
        expect(reply, `${name} ${type}`).toMatchObject({ rcode: RCODE.NOERROR, aa: false });
        expect(reply.packet.answers).toEqual([]);
        const ns = records(reply.packet.authorities, "NS");
        expect(ns.every((r) => r.name === `sub.${zone}`)).toBe(true);
        expect(sorted(ns.map((r) => r.data))).toEqual([`ns.elsewhere.example`, `ns1.sub.${zone}`]);
        const glue = (reply.packet.additionals ?? []).filter((r) => r.type !== "OPT");
        expect(sorted(glue.map((r) => `${r.name} ${r.type} ${r.data}`))).toEqual([
          `ns1.sub.${zone} A 192.0.2.53`,
          `ns1.sub.${zone} AAAA 2001:db8::53`,
        ]);
      }
      // DS belongs to the parent side of the cut (RFC 4035 §3.1.4.1): answered here, authoritatively, with no data.
      const ds = await q(`sub.${zone}`, "DS", { rd: false });
      expect(ds).toMatchObject({ rcode: RCODE.NOERROR, aa: true });
      expect(records(ds.packet.authorities, "SOA")).toHaveLength(1);
      const digged = await dig(server, ["+norec", `host.sub.${zone}`, "A"]);
      expect(digged.status).toBe("NOERROR");
      expect(digged.flags).not.toContain("aa");
      expect(digged.answer).toEqual([]);
      expect(digged.authority).toHaveLength(2);
    });

    it.each(["udp", "tcp"])("follows CNAMEs inside the zone and stops at its edge (finding 3, %s)", async (t) => {
      const tcp = t === "tcp";
      const zone = await zoneWith(`chase-${t}`, [
        { type: "A", name: "www", data: "192.0.2.80" },
        { type: "CNAME", name: "alias", data: "www" },
        { type: "CNAME", name: "first", data: "alias" },
        { type: "CNAME", name: "dangling", data: "missing" },
        { type: "CNAME", name: "away", data: "target.example.net." },
      ]);
      const chain = await q(`first.${zone}`, "A", { tcp });
      expect(chain).toMatchObject({ rcode: RCODE.NOERROR, aa: true });
      expect(chain.packet.answers!.map(line)).toEqual([
        `first.${zone} CNAME alias.${zone}`,
        `alias.${zone} CNAME www.${zone}`,
        `www.${zone} A 192.0.2.80`,
      ]);
      // RFC 6604: the RCODE speaks of the last name in the chain.
      const dangling = await q(`dangling.${zone}`, "A", { tcp });
      expect(dangling).toMatchObject({ rcode: RCODE.NXDOMAIN, aa: true });
      expect(dangling.packet.answers!.map((r) => r.type)).toEqual(["CNAME"]);
      expect(records(dangling.packet.authorities, "SOA")).toHaveLength(1);
      const away = await q(`away.${zone}`, "A", { tcp });
      expect(away.rcode).toBe(RCODE.NOERROR);
      expect(away.packet.answers!.map(line)).toEqual([`away.${zone} CNAME target.example.net`]);
    });

    it("adds the addresses of in-zone MX, SRV and NS targets (finding 3)", async () => {
      const zone = await zoneWith("additional", [
        { type: "MX", name: "@", data: "mail", priority: 10 },
        { type: "MX", name: "@", data: "mx.example.net.", priority: 20 },
        { type: "A", name: "mail", data: "192.0.2.25" },
        { type: "AAAA", name: "mail", data: "2001:db8::25" },
        { type: "SRV", name: "_imap._tcp", data: "imap", priority: 0, weight: 0, port: 993 },
        { type: "A", name: "imap", data: "192.0.2.143" },
      ]);
      const extra = (reply: Reply) =>
        sorted((reply.packet.additionals ?? []).filter((r) => r.type !== "OPT").map((r) => `${r.name} ${r.data}`));
      expect(extra(await q(zone, "MX"))).toEqual([`mail.${zone} 192.0.2.25`, `mail.${zone} 2001:db8::25`]);
      expect(extra(await q(`_imap._tcp.${zone}`, "SRV"))).toEqual([`imap.${zone} 192.0.2.143`]);
    });

    it("speaks EDNS(0): echoes OPT, BADVERS for version 1, honours the buffer size (finding 3)", async () => {
      const zone = await zoneWith(
        "edns",
        Array.from({ length: 4 }, (_, i) => ({ type: "TXT", name: "big", data: `${i}`.padEnd(200, "x") })),
      );
      const plain = await q(zone, "SOA");
      expect(plain.opt).toBeUndefined();
      const edns = await q(zone, "SOA", { bufsize: 1232 });
      expect(edns.rcode).toBe(RCODE.NOERROR);
      expect(edns.opt).toMatchObject({ type: "OPT", ednsVersion: 0 });
      expect(edns.opt!.udpPayloadSize).toBeGreaterThanOrEqual(512);
      // RFC 6891 §6.1.3: an unknown version is BADVERS (16), its upper bits in the OPT record, and nothing else.
      const v1 = await q(zone, "SOA", { bufsize: 1232, ednsVersion: 1 });
      expect(v1.rcode).toBe(RCODE.BADVERS);
      expect(v1.opt).toMatchObject({ ednsVersion: 0 });
      expect(v1.packet.answers).toEqual([]);

      // Four 200-byte TXT records: more than 512 bytes, less than 1,232.
      const name = `big.${zone}`;
      const over512 = await q(name, "TXT");
      expect(over512).toMatchObject({ tc: true });
      expect(over512.bytes).toBeLessThanOrEqual(512);
      const fits = await q(name, "TXT", { bufsize: 1232 });
      expect(fits).toMatchObject({ tc: false, rcode: RCODE.NOERROR });
      expect(fits.packet.answers).toHaveLength(4);
      expect(fits.bytes).toBeGreaterThan(512);
      expect(fits.bytes).toBeLessThanOrEqual(1232);
      const small = await q(name, "TXT", { bufsize: fits.bytes - 1 });
      expect(small.tc).toBe(true);
      expect(small.bytes).toBeLessThan(fits.bytes);
      expect((await q(name, "TXT", { bufsize: fits.bytes })).tc).toBe(false);
      const tcp = await q(name, "TXT", { tcp: true });
      expect(tcp).toMatchObject({ tc: false });
      expect(sorted(tcp.packet.answers!.map(txt))).toEqual(sorted(fits.packet.answers!.map(txt)));

      const digged = await dig(server, ["+norec", "+bufsize=1232", "+ignore", name, "TXT"]);
      expect(digged.flags).not.toContain("tc");
      expect(digged.answer).toHaveLength(4);
      expect(digged.udp).toBeGreaterThanOrEqual(512);
      const truncated = await dig(server, ["+norec", "+noedns", "+ignore", name, "TXT"]);
      expect(truncated.flags).toContain("tc");
      const retried = await dig(server, ["+norec", "+noedns", name, "TXT"]); // dig retries over TCP on TC
      expect(retried.answer).toHaveLength(4);
    });

    it("compresses names (finding 3)", async () => {
      const count = 10;
      const zone = await zoneWith(
        "compress",
        Array.from({ length: count }, (_, i) => ({ type: "A", name: "many", data: `192.0.2.${i + 1}` })),
      );
      const name = `many.${zone}`;
      const reply = await q(name, "A");
      expect(reply.packet.answers).toHaveLength(count);
      // RFC 1035 §4.1.4: each owner name is a 2-byte pointer to the question's name, then type, class, TTL,
      // RDLENGTH (10 bytes) and the 4-byte address. Uncompressed it would be the whole name each time.
      const question = name.length + 2 + 4;
      expect(reply.bytes).toBe(12 + question + count * (2 + 10 + 4));
      const digged = await dig(server, ["+norec", name, "A"]);
      expect(digged.answer).toHaveLength(count);
      expect(digged.output).not.toMatch(/malformed|WARNING/i);
    });

    it("refuses transfers, echoes NOTIFY and UPDATE, and keeps other classes out (finding 4)", async () => {
      const zone = await zoneWith("opcodes", [{ type: "A", name: "www", data: "192.0.2.10" }]);
      for (const type of ["AXFR", "IXFR"]) {
        const reply = await q(zone, type, { tcp: true });
        // BIND and the embedded server say REFUSED; PowerDNS, for a client outside allow-axfr-ips, NOTAUTH.
        expect([RCODE.REFUSED, RCODE.NOTAUTH], type).toContain(reply.rcode);
        expect(reply.packet.answers).toEqual([]);
      }
      const axfr = await dig(server, ["-t", "AXFR", zone]);
      expect(axfr.output).toMatch(/Transfer failed/);
      expect(axfr.output).not.toMatch(/\sSOA\s/);

      const notify = await q(zone, "SOA", { opcode: OPCODE.NOTIFY, rd: false });
      expect(notify.opcode).toBe(OPCODE.NOTIFY);
      expect([RCODE.NOTIMP, RCODE.REFUSED]).toContain(notify.rcode);
      const update = await q(zone, "SOA", { opcode: OPCODE.UPDATE, rd: false });
      expect(update.opcode).toBe(OPCODE.UPDATE);
      expect([RCODE.NOTIMP, RCODE.REFUSED]).toContain(update.rcode);
      for (const reply of [notify, update]) expect(reply.packet.answers).toEqual([]);

      const chaos = await q(zone, "SOA", { qclass: "CH" });
      expect([RCODE.NOTIMP, RCODE.REFUSED]).toContain(chaos.rcode);
      expect(chaos.packet.answers).toEqual([]);
      const dug = await dig(server, ["+norec", "-c", "CH", "-t", "SOA", zone]);
      expect(["REFUSED", "NOTIMP"]).toContain(dug.status);
      expect(dug.output).not.toMatch(/malformed|WARNING/i);
      expect((await q(zone, "SOA", { qclass: "ANY" })).packet.answers).toHaveLength(1);
    });

    it("synthesises wildcard answers where no name exists, empty non-terminals included (finding 4)", async () => {
      const zone = await zoneWith("wild", [
        { type: "A", name: "*", data: "192.0.2.50" },
        { type: "A", name: "www", data: "192.0.2.80" },
        { type: "A", name: "a.b", data: "192.0.2.81" },
        { type: "TXT", name: "*.lists", data: "listed" },
        { type: "CNAME", name: "*.cdn", data: "www" },
      ]);
      const positive = async (name: string, type: string) => {
        const reply = await q(name, type);
        expect(reply, `${name} ${type}`).toMatchObject({ rcode: RCODE.NOERROR, aa: true });
        return reply.packet.answers!.map(line);
      };
      // RFC 4592 §2.1.1: the answer's owner is the name asked, not "*".
      expect(await positive(`anything.${zone}`, "A")).toEqual([`anything.${zone} A 192.0.2.50`]);
      expect(await positive(`two.labels.${zone}`, "A")).toEqual([`two.labels.${zone} A 192.0.2.50`]);
      expect(await positive(`*.${zone}`, "A")).toEqual([`*.${zone} A 192.0.2.50`]);
      expect(await positive(`www.${zone}`, "A")).toEqual([`www.${zone} A 192.0.2.80`]);
      expect(await positive(`x.lists.${zone}`, "TXT")).toEqual([`x.lists.${zone} TXT listed`]);
      expect(await positive(`img.cdn.${zone}`, "A")).toEqual([
        `img.cdn.${zone} CNAME www.${zone}`,
        `www.${zone} A 192.0.2.80`,
      ]);
      const nodata = async (name: string, type: string) => {
        const reply = await q(name, type);
        expect(reply, `${name} ${type}`).toMatchObject({ rcode: RCODE.NOERROR, aa: true });
        expect(reply.packet.answers).toEqual([]);
        expect(records(reply.packet.authorities, "SOA")).toHaveLength(1);
      };
      await nodata(`www.${zone}`, "TXT"); // www exists: the wildcard does not apply
      await nodata(`anything.${zone}`, "TXT"); // the wildcard has no TXT
      await nodata(`b.${zone}`, "A"); // b exists, empty, above a.b
      // The closest encloser of x.b is b, and *.b does not exist (RFC 4592 §2.2.1).
      const nx = await q(`x.b.${zone}`, "A");
      expect(nx).toMatchObject({ rcode: RCODE.NXDOMAIN, aa: true });
    });
  });
}
