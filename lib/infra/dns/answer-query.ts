import * as dnsPacket from "dns-packet";
import type { Db } from "@/lib/db/client";
import { encodeResponse, MAX_DNS_MESSAGE, type OptRecord, type Response } from "./dns-wire";
import { RCODE, resolveAnswer } from "./resolve-answer";

export { MAX_DNS_MESSAGE } from "./dns-wire";

/** Without EDNS a UDP answer must fit 512 bytes (RFC 1035 §4.2.1). */
export const PLAIN_UDP_PAYLOAD = 512;
/**
 * The largest UDP answer sent, and advertised, under EDNS: 1,232 bytes fits
 * the IPv6 minimum MTU without fragments (DNS Flag Day 2020), as BIND and
 * PowerDNS default to.
 */
export const EDNS_UDP_PAYLOAD = 1232;

const OPCODE_MASK = 0x7800;
const OPCODE = { QUERY: 0, NOTIFY: 4, UPDATE: 5 };
const BADVERS = 16;
const DO_BIT = 0x8000;

/**
 * Builds the authoritative answer to one query straight from the database, so
 * a record answers as soon as it is created and disappears when deleted. Over
 * UDP the answer fits 512 bytes, or the size the client advertises with EDNS(0)
 * up to 1,232; past it only the header and question go back, with TC, and the
 * client retries on TCP. Over TCP it fits the 65,535 bytes any DNS message is
 * limited to: past it the answer records that do not fit are left out and TC is set.
 */
export async function answerQuery(db: Db, query: dnsPacket.DecodedPacket, transport: "udp" | "tcp"): Promise<Buffer> {
  const opts = (query.additionals ?? []).filter((r) => r.type === "OPT") as dnsPacket.OptAnswer[];
  const edns = opts[0];
  const opt: OptRecord | undefined = edns && {
    udpPayloadSize: EDNS_UDP_PAYLOAD,
    extendedRcode: 0,
    flags: (edns.flags ?? 0) & DO_BIT, // RFC 3225 §3: DO is copied into the response
  };
  const udpLimit = edns
    ? Math.min(Math.max(edns.udpPayloadSize ?? 0, PLAIN_UDP_PAYLOAD), EDNS_UDP_PAYLOAD) // RFC 6891 §6.2.5: below 512 means 512
    : PLAIN_UDP_PAYLOAD;
  const limits =
    transport === "udp" ? { maxBytes: udpLimit, partial: false } : { maxBytes: MAX_DNS_MESSAGE, partial: true };
  // The opcode and RD are echoed (RFC 1035 §4.1.1); AA only on authoritative data.
  const echoed = (query.flags ?? 0) & (OPCODE_MASK | dnsPacket.RECURSION_DESIRED);
  const reply = (rcode: number, more: Partial<Response> = {}, authoritative = false) =>
    encodeResponse(
      {
        id: query.id ?? 0,
        flags: echoed | (authoritative ? dnsPacket.AUTHORITATIVE_ANSWER : 0) | (rcode & 0x0f),
        questions: query.questions ?? [],
        answers: [],
        authorities: [],
        additionals: [],
        // The upper 8 bits of a 12-bit RCODE travel in OPT (RFC 6891 §6.1.3).
        opt: opt && { ...opt, extendedRcode: rcode >> 4 },
        ...more,
      },
      limits,
    );

  // dns-packet reads a label as UTF-8: bytes that are not would come back longer, or as a different name, so
  // such a question is not echoed. No hosted name has them.
  if (
    query.questions?.some((q) => q.name.includes("\uFFFD") || q.name.split(".").some((l) => Buffer.byteLength(l) > 63))
  )
    return reply(RCODE.FORMERR, { questions: [] });
  if (opts.length > 1) return reply(RCODE.FORMERR); // RFC 6891 §6.1.1: one OPT at most
  if (edns && ((edns as { ednsVersion?: number }).ednsVersion ?? 0) > 0) return reply(BADVERS);
  const opcode = ((query.flags ?? 0) & OPCODE_MASK) >> 11;
  // Zones change only through the API: an UPDATE is refused; NOTIFY (we are no secondary) and others are not implemented.
  if (opcode === OPCODE.UPDATE) return reply(RCODE.REFUSED);
  if (opcode !== OPCODE.QUERY) return reply(RCODE.NOTIMP);
  const question = query.questions?.[0];
  if (!question || query.questions!.length !== 1) return reply(RCODE.FORMERR);
  // Only Internet-class data lives here: CHAOS, Hesiod and the rest get no IN records dressed up as theirs.
  if (question.class !== undefined && question.class !== "IN" && question.class !== "ANY") return reply(RCODE.REFUSED);
  // Zone transfers are not offered: the records are the workspace's, read through the API.
  if (question.type === "AXFR" || question.type === "IXFR") return reply(RCODE.REFUSED);

  const resolution = await resolveAnswer(db, question.name, question.type);
  if (!resolution) return reply(RCODE.REFUSED);
  const { rcode, authoritative, ...sections } = resolution;
  return reply(rcode, sections, authoritative);
}
