import * as dnsPacket from "dns-packet";

/** The largest DNS message: TCP frames each one with a 16-bit length (RFC 1035 §4.2.2). */
export const MAX_DNS_MESSAGE = 65_535;

/** The EDNS(0) pseudo-record of a response (RFC 6891 §6.1.2). */
export interface OptRecord {
  udpPayloadSize: number;
  extendedRcode: number;
  flags: number;
}

export interface Response {
  id: number;
  /** Header flags without QR: opcode, AA, RD, the low 4 bits of the RCODE. */
  flags: number;
  questions: dnsPacket.Question[];
  answers: dnsPacket.Answer[];
  authorities: dnsPacket.Answer[];
  additionals: dnsPacket.Answer[];
  /** Referral glue: leaving it out must set TC (RFC 9471); other additional data is dropped silently. */
  glue?: boolean;
  opt?: OptRecord;
}

export interface Limits {
  maxBytes: number;
  /** TCP: past the limit keep the answer records that fit; UDP: send only the header and question, so the client retries on TCP. */
  partial: boolean;
}

const QR = 0x8000;
const POINTER = 0xc000;
const OPT_BYTES = 11;

class Overflow extends Error {}

/**
 * Writes a response with name compression (RFC 1035 §4.1.4), which dns-packet
 * does not do, within `maxBytes`. Owner names and the names inside NS, CNAME,
 * MX and SOA data are compressed; SRV targets are not (RFC 2782), and the other
 * types' data is written by dns-packet. What does not fit: additional data
 * goes first, then, with TC set, answer records (RFC 2181 §9). The OPT record
 * always has room.
 */
export function encodeResponse(response: Response, limits: Limits): Buffer {
  const budget = limits.maxBytes - (response.opt ? OPT_BYTES : 0);
  const full = tryWrite(response, budget, false);
  if (full) return full;
  const tc = { ...response, flags: response.flags | dnsPacket.TRUNCATED_RESPONSE };
  const withoutExtras = tryWrite({ ...(response.glue ? tc : response), additionals: [] }, budget, false);
  if (withoutExtras) return withoutExtras;
  if (!limits.partial) return tryWrite({ ...tc, answers: [], authorities: [], additionals: [] }, budget, false)!;
  return tryWrite({ ...tc, additionals: [] }, budget, true)!;
}

/** Answers the encoded message, or null when it does not fit; with `partial`, stops at the first record that does not. */
function tryWrite(response: Response, budget: number, partial: boolean): Buffer | null {
  const w = new Writer(budget);
  w.header(response);
  const sections = [response.answers, response.authorities, response.additionals];
  for (const [i, records] of sections.entries()) {
    let count = 0;
    for (const record of records) {
      const mark = w.mark();
      try {
        w.record(record);
        count++;
      } catch (error) {
        if (!(error instanceof Overflow)) throw error;
        if (!partial) return null;
        w.reset(mark);
        w.count(i, count);
        return w.done(response.opt);
      }
    }
    w.count(i, count);
  }
  return w.done(response.opt);
}

/** dns-packet's codecs for parts of a message, which its type definitions leave out. */
interface Codec<T> {
  encode: ((data: T, buf: Buffer, offset: number) => unknown) & { bytes: number };
  encodingLength: (data: T) => number;
}
const codecs = dnsPacket as unknown as {
  question: Codec<dnsPacket.Question>;
  record: (type: string) => Codec<unknown>;
};

/** The record types this server answers with. */
const TYPES: Record<string, number> = { A: 1, NS: 2, CNAME: 5, SOA: 6, MX: 15, TXT: 16, AAAA: 28, SRV: 33, CAA: 257 };
const OPT_TYPE = 41;

class Writer {
  private readonly buf: Buffer;
  private offset = 0;
  private readonly names = new Map<string, number>();
  private added: string[] = [];

  constructor(private readonly budget: number) {
    this.buf = Buffer.alloc(budget + OPT_BYTES);
  }

  /** The header and the question(s), as asked (dns-packet knows every type and class by name). */
  header(r: Response) {
    this.buf.writeUInt16BE(r.id, 0);
    this.buf.writeUInt16BE(r.flags | QR, 2);
    this.buf.writeUInt16BE(r.questions.length, 4);
    this.offset = 12;
    for (const q of r.questions) {
      this.name(q.name);
      const encoded = Buffer.alloc(codecs.question.encodingLength(q));
      codecs.question.encode(q, encoded, 0);
      this.room(4);
      this.offset += encoded.copy(this.buf, this.offset, encoded.length - 4);
    }
  }

  count(section: number, n: number) {
    this.buf.writeUInt16BE(n, 6 + 2 * section);
  }

  mark() {
    return { offset: this.offset, added: this.added.length };
  }

  reset(mark: { offset: number; added: number }) {
    this.offset = mark.offset;
    for (const key of this.added.splice(mark.added)) this.names.delete(key);
  }

  private room(bytes: number) {
    if (this.offset + bytes > this.budget) throw new Overflow();
  }

  private remember(key: string, offset: number) {
    if (!key || this.names.has(key)) return;
    this.names.set(key, offset);
    this.added.push(key);
  }

  private u16(value: number) {
    this.room(2);
    this.offset = this.buf.writeUInt16BE(value, this.offset);
  }

  private u32(value: number) {
    this.room(4);
    this.offset = this.buf.writeUInt32BE(value, this.offset);
  }

  private name(name: string, compress = true) {
    const labels = name.replace(/\.$/, "").split(".").filter(Boolean);
    for (let i = 0; i < labels.length; i++) {
      const key = labels.slice(i).join(".").toLowerCase();
      const at = this.names.get(key);
      if (compress && at !== undefined) return this.u16(POINTER | at);
      if (compress && this.offset < 0x4000) this.remember(key, this.offset);
      const label = Buffer.from(labels[i]);
      this.room(1 + label.length);
      this.buf[this.offset++] = label.length;
      this.offset += label.copy(this.buf, this.offset);
    }
    this.room(1);
    this.buf[this.offset++] = 0;
  }

  record(r: dnsPacket.Answer) {
    this.name(r.name);
    this.u16(TYPES[r.type]);
    this.u16(1); // IN
    this.u32((r as { ttl?: number }).ttl ?? 0);
    const lengthAt = this.offset;
    switch (r.type) {
      case "NS":
      case "CNAME":
        this.u16(0);
        this.name(r.data);
        break;
      case "MX":
        this.u16(0);
        this.u16(r.data.preference ?? 0);
        this.name(r.data.exchange);
        break;
      case "SOA":
        this.u16(0);
        this.name(r.data.mname);
        this.name(r.data.rname);
        for (const n of [r.data.serial, r.data.refresh, r.data.retry, r.data.expire, r.data.minimum]) this.u32(n ?? 0);
        break;
      default: {
        // dns-packet writes the RDLENGTH itself.
        const codec = codecs.record(r.type);
        const data = (r as { data: unknown }).data;
        this.room(codec.encodingLength(data));
        codec.encode(data, this.buf, this.offset);
        this.offset += codec.encode.bytes;
        return;
      }
    }
    this.buf.writeUInt16BE(this.offset - lengthAt - 2, lengthAt);
  }

  /** Appends the OPT record (its room was kept aside) and answers the message. */
  done(opt: OptRecord | undefined): Buffer {
    if (opt) {
      const b = this.buf;
      let o = this.offset;
      b[o++] = 0; // owner: the root
      o = b.writeUInt16BE(OPT_TYPE, o);
      o = b.writeUInt16BE(opt.udpPayloadSize, o);
      o = b.writeUInt8(opt.extendedRcode, o);
      o = b.writeUInt8(0, o); // EDNS version 0
      o = b.writeUInt16BE(opt.flags, o);
      this.offset = b.writeUInt16BE(0, o); // no options
      b.writeUInt16BE(b.readUInt16BE(10) + 1, 10);
    }
    return Buffer.from(this.buf.subarray(0, this.offset));
  }
}
