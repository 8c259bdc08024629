import { execFile } from "node:child_process";
import dgram from "node:dgram";
import net from "node:net";
import * as dnsPacket from "dns-packet";

/** A DNS server under test. */
export interface DnsEndpoint {
  host: string;
  port: number;
}

export interface AskOptions {
  tcp?: boolean;
  /** The EDNS(0) UDP payload size to advertise; absent means no OPT record at all. */
  bufsize?: number;
  ednsVersion?: number;
  opcode?: number;
  qclass?: string;
  /** Recursion desired; dig's default is on. */
  rd?: boolean;
}

export interface Reply {
  packet: dnsPacket.DecodedPacket;
  bytes: number;
  rcode: number;
  aa: boolean;
  tc: boolean;
  opcode: number;
  opt?: dnsPacket.OptAnswer & { ednsVersion?: number; extendedRcode?: number };
}

let nextId = 1;

/** One query over a real UDP or TCP socket, built and read with dns-packet. */
export async function ask(server: DnsEndpoint, name: string, type: string, options: AskOptions = {}): Promise<Reply> {
  const id = nextId++ & 0xffff;
  const flags = ((options.opcode ?? 0) << 11) | (options.rd === false ? 0 : dnsPacket.RECURSION_DESIRED);
  const additionals: dnsPacket.Answer[] =
    options.bufsize === undefined
      ? []
      : [
          {
            type: "OPT",
            name: ".",
            udpPayloadSize: options.bufsize,
            ednsVersion: options.ednsVersion ?? 0,
            flags: 0,
            options: [],
          } as unknown as dnsPacket.Answer,
        ];
  const query = dnsPacket.encode({
    type: "query",
    id,
    flags,
    questions: [{ name, type: type as dnsPacket.RecordType, class: (options.qclass ?? "IN") as "IN" }],
    additionals,
  });
  const raw = options.tcp ? await overTcp(server, query) : await overUdp(server, query);
  const packet = dnsPacket.decode(raw);
  if (packet.id !== id) throw new Error(`answer id ${packet.id}, asked ${id}`);
  const opt = packet.additionals?.find((a) => a.type === "OPT") as Reply["opt"];
  const low = (packet.flags ?? 0) & 0x0f;
  return {
    packet,
    bytes: raw.length,
    rcode: (opt?.extendedRcode ?? 0) * 16 + low,
    aa: Boolean((packet.flags ?? 0) & dnsPacket.AUTHORITATIVE_ANSWER),
    tc: Boolean((packet.flags ?? 0) & dnsPacket.TRUNCATED_RESPONSE),
    opcode: ((packet.flags ?? 0) >> 11) & 0x0f,
    opt,
  };
}

/** Sends raw bytes over UDP and answers the raw reply. */
export function overUdp(server: DnsEndpoint, query: Buffer, timeoutMs = 3_000): Promise<Buffer> {
  const socket = dgram.createSocket(net.isIPv6(server.host) ? "udp6" : "udp4");
  return new Promise<Buffer>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no UDP answer in ${timeoutMs} ms`)), timeoutMs);
    socket.once("message", (message) => {
      clearTimeout(timer);
      resolve(message);
    });
    socket.once("error", reject);
    socket.send(query, server.port, server.host);
  }).finally(() => socket.close());
}

function overTcp(server: DnsEndpoint, query: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const prefix = Buffer.alloc(2);
    prefix.writeUInt16BE(query.length);
    const socket = net.connect(server.port, server.host, () => socket.write(Buffer.concat([prefix, query])));
    let got = Buffer.alloc(0);
    socket.on("data", (chunk) => {
      got = Buffer.concat([got, chunk]);
      if (got.length >= 2 && got.length >= 2 + got.readUInt16BE(0)) {
        socket.end();
        resolve(got.subarray(2, 2 + got.readUInt16BE(0)));
      }
    });
    socket.on("error", reject);
    socket.setTimeout(3_000, () => {
      socket.destroy();
      reject(new Error("no TCP answer in 3 s"));
    });
  });
}

export interface DigResult {
  output: string;
  status: string;
  flags: string[];
  opcode: string;
  /** The answer section's records, one line each, whitespace collapsed. */
  answer: string[];
  authority: string[];
  additional: string[];
  /** "MSG SIZE rcvd", when dig got an answer. */
  size?: number;
  /** The EDNS UDP size the server advertised, when it sent an OPT record. */
  udp?: number;
}

/**
 * Asks with Debian's dig (BIND's resolver library), an independent reader of
 * the wire format: it reports malformed packets and bad compression pointers
 * that a lenient decoder would forgive. Asynchronous, so a server in this
 * process keeps answering while dig waits.
 */
export function dig(server: DnsEndpoint, args: string[]): Promise<DigResult> {
  const argv = [`@${server.host}`, "-p", String(server.port), "+tries=1", "+time=3", ...args];
  return new Promise((resolve, reject) => {
    execFile("/usr/bin/dig", argv, { timeout: 15_000 }, (error, stdout, stderr) => {
      // dig exits non-zero for a failed transfer or no answer; its output still tells what came back.
      if (error && !stdout) return reject(new Error(`dig ${argv.join(" ")}: ${stderr || error.message}`));
      resolve(parseDig(stdout));
    });
  });
}

function parseDig(output: string): DigResult {
  const header = /opcode: (\w+), status: (\w+)/.exec(output);
  const flags = /;; flags: ([^;]*);/.exec(output);
  const section = (title: string) => {
    const start = output.indexOf(`;; ${title} SECTION:\n`);
    if (start < 0) return [];
    const lines = output.slice(start).split("\n").slice(1);
    const end = lines.findIndex((l) => l.trim() === "");
    return lines.slice(0, end < 0 ? undefined : end).map((l) => l.trim().replace(/\s+/g, " "));
  };
  return {
    output,
    opcode: header?.[1] ?? "",
    status: header?.[2] ?? "",
    flags: flags?.[1].trim().split(/\s+/) ?? [],
    answer: section("ANSWER"),
    authority: section("AUTHORITY"),
    additional: section("ADDITIONAL"),
    size: Number(/MSG SIZE {2}rcvd: (\d+)/.exec(output)?.[1]) || undefined,
    udp: Number(/; EDNS: version: \d+, flags:[^;]*; udp: (\d+)/.exec(output)?.[1]) || undefined,
  };
}
