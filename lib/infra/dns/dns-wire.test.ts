import { describe, expect, it } from "vitest";
import * as dnsPacket from "dns-packet";
import { encodeResponse, type Response } from "./dns-wire";

const soa: dnsPacket.Answer = {
  type: "SOA",
  name: "a.test",
  ttl: 300,
  data: { mname: "ns1.a.test", rname: "hostmaster.a.test", serial: 7, refresh: 1, retry: 2, expire: 3, minimum: 4 },
};
const response = (answers: number, more: Partial<Response> = {}): Response => ({
  id: 1,
  flags: dnsPacket.AUTHORITATIVE_ANSWER,
  questions: [{ type: "A", name: "www.a.test" }],
  answers: Array.from({ length: answers }, (_, i) => ({
    type: "A" as const,
    name: "www.a.test",
    ttl: 60,
    data: `192.0.2.${i}`,
  })),
  authorities: [soa],
  additionals: [],
  ...more,
});
const udp = { maxBytes: 512, partial: false };
const tcp = { maxBytes: 65_535, partial: true };
const flag = (packet: Buffer, bit: number) => Boolean((dnsPacket.decode(packet).flags ?? 0) & bit);

describe("encodeResponse", () => {
  it("writes what dns-packet reads back, every type the server serves, with compressed names", () => {
    const all: dnsPacket.Answer[] = [
      { type: "A", name: "www.a.test", ttl: 60, data: "192.0.2.1" },
      { type: "AAAA", name: "www.a.test", ttl: 60, data: "2001:db8::1" },
      { type: "CNAME", name: "alias.a.test", ttl: 60, data: "www.a.test" },
      { type: "NS", name: "sub.a.test", ttl: 60, data: "ns1.sub.a.test" },
      { type: "MX", name: "a.test", ttl: 60, data: { preference: 10, exchange: "mail.a.test" } },
      {
        type: "SRV",
        name: "_sip._tcp.a.test",
        ttl: 60,
        data: { priority: 1, weight: 2, port: 5060, target: "sip.a.test" },
      },
      { type: "TXT", name: "a.test", ttl: 60, data: [Buffer.from("v=spf1 -all")] },
      { type: "CAA", name: "a.test", ttl: 60, data: { flags: 0, tag: "issue", value: "letsencrypt.org" } },
      soa,
    ];
    const encoded = encodeResponse(response(0, { answers: all }), tcp);
    const decoded = dnsPacket.decode(encoded);
    expect(decoded.answers).toMatchObject(all);
    expect(decoded.authorities).toMatchObject([{ type: "SOA", data: soa.data }]);
    // Uncompressed, dns-packet's own encoding of the same message is longer.
    expect(encoded.length).toBeLessThan(
      dnsPacket.encodingLength({ ...response(0, { answers: all }), type: "response" }),
    );
  });

  it("never points past 16,383 bytes, where a 14-bit pointer cannot reach", () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({
      type: "CNAME" as const,
      name: `h${i}.a.test`,
      ttl: 60,
      data: `t${i}.a.test`,
    }));
    const decoded = dnsPacket.decode(encodeResponse(response(0, { answers: many }), tcp));
    expect(decoded.answers).toMatchObject(many.map(({ name, data }) => ({ name, data })));
  });

  it("leaves out additional data silently, glue with TC (RFC 9471)", () => {
    const extra = Array.from({ length: 40 }, (_, i) => ({
      type: "A" as const,
      name: `ns${i}.a.test`,
      ttl: 60,
      data: "192.0.2.1",
    }));
    const plain = encodeResponse(response(1, { additionals: extra }), udp);
    expect(dnsPacket.decode(plain).additionals).toEqual([]);
    expect(dnsPacket.decode(plain).answers).toHaveLength(1);
    expect(flag(plain, dnsPacket.TRUNCATED_RESPONSE)).toBe(false);
    const glue = encodeResponse(response(0, { additionals: extra, glue: true }), udp);
    expect(flag(glue, dnsPacket.TRUNCATED_RESPONSE)).toBe(true);
    expect(dnsPacket.decode(glue).authorities).toHaveLength(1);
  });

  it("over UDP sends only the header, question and OPT past the limit; over TCP the answers that fit", () => {
    const opt = { udpPayloadSize: 1232, extendedRcode: 0, flags: 0 };
    const cut = encodeResponse(response(100, { opt }), udp);
    expect(cut.length).toBeLessThanOrEqual(512);
    const decoded = dnsPacket.decode(cut);
    expect(flag(cut, dnsPacket.TRUNCATED_RESPONSE)).toBe(true);
    expect(decoded.answers).toEqual([]);
    expect(decoded.additionals).toMatchObject([{ type: "OPT", udpPayloadSize: 1232 }]);

    // 12-byte header, 16-byte question, 16 bytes per compressed A record: 30 of them fit 512 bytes, 31 do not.
    const partial = encodeResponse(response(100), { maxBytes: 512, partial: true });
    expect(dnsPacket.decode(partial).answers).toHaveLength(Math.floor((512 - 12 - 16) / 16));
    expect(flag(partial, dnsPacket.TRUNCATED_RESPONSE)).toBe(true);
    expect(encodeResponse(response(3), udp)).toEqual(encodeResponse(response(3), tcp));
  });
});
