import dgram from "node:dgram";
import * as dnsPacket from "dns-packet";

/**
 * A stand-in for the public DNS on a loopback UDP port, so zone verification runs against a real DNS server: it
 * answers as a recursive resolver would for its `records`, and as a parent zone's nameserver does for
 * `delegations` (a referral: no AA, the child's NS in the authority section). Edit both while it runs.
 */
export interface PublicDns {
  port: number;
  /** TXT strings by owner name; NS names by zone (the parent zones themselves); A addresses by host. */
  records: { txt: Map<string, string[]>; ns: Map<string, string[]>; a: Map<string, string[]> };
  /** Child zone → the nameservers its parent delegates it to. */
  delegations: Map<string, string[]>;
  /** Queries seen, "TYPE name", to check what was asked. */
  seen: string[];
  stop(): Promise<void>;
}

export async function startPublicDns(): Promise<PublicDns> {
  const socket = dgram.createSocket("udp4");
  const dns: PublicDns = {
    port: 0,
    records: { txt: new Map(), ns: new Map(), a: new Map() },
    delegations: new Map(),
    seen: [],
    stop: () => new Promise((resolve) => socket.close(() => resolve())),
  };
  socket.on("message", (message, peer) => {
    const query = dnsPacket.decode(message);
    const question = query.questions![0];
    const name = question.name.toLowerCase().replace(/\.$/, "");
    dns.seen.push(`${question.type} ${name}`);
    const reply = (rcode: number, sections: Partial<dnsPacket.Packet>, aa = true) =>
      socket.send(
        dnsPacket.encode({
          id: query.id,
          type: "response",
          flags: (aa ? dnsPacket.AUTHORITATIVE_ANSWER : 0) | dnsPacket.RECURSION_AVAILABLE | rcode,
          questions: query.questions,
          ...sections,
        }),
        peer.port,
        peer.address,
      );
    const delegated = [...dns.delegations.keys()].find((zone) => name === zone || name.endsWith(`.${zone}`));
    if (delegated) {
      const authorities = dns.delegations.get(delegated)!.map((ns) => ({
        type: "NS" as const,
        name: delegated,
        ttl: 300,
        data: ns,
      }));
      return reply(0, { authorities }, false);
    }
    const ttl = 300;
    if (question.type === "TXT" && dns.records.txt.has(name))
      return reply(0, {
        answers: dns.records.txt.get(name)!.map((text) => ({ type: "TXT" as const, name, ttl, data: text })),
      });
    if (question.type === "NS" && dns.records.ns.has(name))
      return reply(0, {
        answers: dns.records.ns.get(name)!.map((ns) => ({ type: "NS" as const, name, ttl, data: ns })),
      });
    if (question.type === "A" && dns.records.a.has(name))
      return reply(0, { answers: dns.records.a.get(name)!.map((ip) => ({ type: "A" as const, name, ttl, data: ip })) });
    const exists = [...dns.records.txt.keys(), ...dns.records.ns.keys(), ...dns.records.a.keys()].some(
      (known) => known === name || known.endsWith(`.${name}`),
    );
    return reply(exists ? 0 : 3, {}); // NOERROR (NODATA) or NXDOMAIN
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", () => resolve()));
  dns.port = socket.address().port;
  return dns;
}
