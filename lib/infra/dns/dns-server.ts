import dgram from "node:dgram";
import net from "node:net";
import * as dnsPacket from "dns-packet";
import type { Db } from "@/lib/db/client";
import { logError } from "@/lib/log";
import { answerQuery } from "./answer-query";
import { encodeResponse } from "./dns-wire";
import { RCODE } from "./resolve-answer";

export interface RunningServer {
  port: number;
  stop: () => Promise<void>;
}

/**
 * The authoritative DNS server on UDP and TCP, same port. Port 0 picks a free
 * port (tests); loopback unless told otherwise.
 */
export async function startDnsServer(db: Db, options: { host?: string; port?: number } = {}): Promise<RunningServer> {
  // Port 0 lets the OS pick a free UDP port, but that number may be taken for TCP (another process's socket):
  // pick again rather than fail, a few times.
  for (let attempt = 1; ; attempt++) {
    try {
      return await bindDnsServer(db, options);
    } catch (error) {
      const taken = (error as NodeJS.ErrnoException).code === "EADDRINUSE";
      if (!taken || (options.port ?? 5353) !== 0 || attempt >= 5) throw error;
    }
  }
}

async function bindDnsServer(db: Db, options: { host?: string; port?: number }): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  const udp = dgram.createSocket(net.isIPv6(host) ? "udp6" : "udp4");
  udp.on("message", async (message, peer) => {
    const answer = await respond(db, message, "udp");
    if (answer) udp.send(answer, peer.port, peer.address);
  });
  udp.on("error", (error) => logError("dns udp error", { error }));
  await new Promise<void>((resolve, reject) => {
    udp.once("error", reject);
    udp.bind(options.port ?? 5353, host, () => resolve());
  });
  const port = udp.address().port;

  const sockets = new Set<net.Socket>();
  const tcp = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    socket.setTimeout(10_000, () => socket.destroy());
    let buffered = Buffer.alloc(0);
    let waiting = false;
    const pump = async () => {
      try {
        await answerBuffered();
      } catch (error) {
        logError("dns tcp answer failed", { error });
        socket.destroy();
      }
    };
    const answerBuffered = async () => {
      // Each TCP message is prefixed by its 2-byte length (RFC 1035 §4.2.2).
      while (!waiting && buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
        const length = buffered.readUInt16BE(0);
        const answer = await respond(db, buffered.subarray(2, 2 + length), "tcp");
        buffered = buffered.subarray(2 + length);
        if (!answer) return socket.destroy();
        const prefix = Buffer.alloc(2);
        prefix.writeUInt16BE(answer.length);
        if (!socket.write(Buffer.concat([prefix, answer]))) {
          // A client that does not read its answers is not read either until it does, so unread answers never pile up.
          waiting = true;
          socket.pause();
          socket.once("drain", async () => {
            waiting = false;
            socket.resume();
            await pump();
          });
        }
      }
    };
    socket.on("data", async (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      await pump();
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      tcp.once("error", reject);
      tcp.listen(port, host, () => resolve());
    });
  } catch (error) {
    udp.close();
    throw error;
  }

  return {
    port,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all([
        new Promise<void>((r) => udp.close(() => r())),
        new Promise<void>((r) => tcp.close(() => r())),
      ]);
    },
  };
}

async function respond(db: Db, message: Buffer, transport: "udp" | "tcp"): Promise<Buffer | null> {
  // A response, or fewer bytes than a header, is dropped: answering it could start a loop between two servers.
  if (message.length < 12 || message[2] & 0x80) return null;
  const id = message.readUInt16BE(0);
  const echoed = message.readUInt16BE(2) & 0x7900; // opcode and RD
  const fail = (rcode: number) =>
    encodeResponse(
      { id, flags: echoed | rcode, questions: [], answers: [], authorities: [], additionals: [] },
      { maxBytes: 512, partial: false },
    );
  let query: dnsPacket.DecodedPacket;
  try {
    query = dnsPacket.decode(message);
  } catch {
    return fail(RCODE.FORMERR);
  }
  try {
    return await answerQuery(db, query, transport);
  } catch (error) {
    logError("dns answer failed", { error });
    return fail(RCODE.SERVFAIL);
  }
}
