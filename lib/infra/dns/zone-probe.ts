import dgram from "node:dgram";
import { Resolver } from "node:dns/promises";
import net from "node:net";
import * as dnsPacket from "dns-packet";
import { config } from "@/lib/config";

/** What zone verification asks the public DNS; injectable so tests point it at DNS servers on loopback. */
export interface ZoneProbe {
  /** The TXT records at `name` (each record's strings joined), through a recursive resolver; [] when there are none. */
  txt(name: string): Promise<string[]>;
  /** The nameservers the parent zone delegates `domain` to, lower case without the trailing dot; [] when none. */
  delegation(domain: string): Promise<string[]>;
}

export interface ProbeOptions {
  /** Recursive resolvers, "ip" or "ip:port"; empty: the system's. */
  resolvers?: string[];
  /** Port the parent zone's nameservers are asked on (53 on the Internet). */
  parentPort?: number;
  timeoutMs?: number;
}

// Answers that mean "not there (yet)": verification then reports what it found, rather than failing with a 500.
const MISSING = new Set([
  "ENODATA",
  "ENOTFOUND",
  "ESERVFAIL",
  "EREFUSED",
  "ETIMEOUT",
  "ECONNREFUSED",
  "EBADRESP",
  "EFORMERR",
  "ENOTIMP",
  "EEOF",
]);

/** Asks recursive resolvers, then the parent zone's own nameservers directly (a referral is not a resolver's answer). */
export function resolverProbe(options: ProbeOptions = {}): ZoneProbe {
  const timeoutMs = options.timeoutMs ?? 3_000;
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  const resolvers = options.resolvers ?? config().DNS_VERIFY_RESOLVERS;
  if (resolvers.length) resolver.setServers(resolvers);
  const orNone = async <T>(lookup: Promise<T[]>): Promise<T[]> =>
    lookup.catch((error: NodeJS.ErrnoException) => {
      if (MISSING.has(error.code ?? "")) return [];
      throw error;
    });

  return {
    async txt(name) {
      return (await orNone(resolver.resolveTxt(name))).map((strings) => strings.join(""));
    },
    async delegation(domain) {
      // The nearest enclosing zone with nameservers is the parent that delegates (or not) `domain`.
      const labels = domain.split(".");
      for (let i = 1; i < labels.length; i++) {
        const parentServers = await orNone(resolver.resolveNs(labels.slice(i).join(".")));
        if (!parentServers.length) continue;
        for (const server of parentServers.slice(0, 4)) {
          const addresses = net.isIP(server) ? [server] : await orNone(resolver.resolve4(server));
          for (const address of addresses.slice(0, 2)) {
            const reply = await askDirectly(address, options.parentPort ?? 53, domain, timeoutMs).catch(() => null);
            if (reply) return reply;
          }
        }
        return [];
      }
      return [];
    },
  };
}

/** One non-recursive NS query over UDP; the NS records for `domain` in the answer or in a referral's authority. */
function askDirectly(address: string, port: number, domain: string, timeoutMs: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket(net.isIPv6(address) ? "udp6" : "udp4");
    const id = Math.floor(Math.random() * 65_536);
    const timer = setTimeout(() => done(new Error("timeout")), timeoutMs);
    const done = (error: Error | null, names: string[] = []) => {
      clearTimeout(timer);
      socket.close();
      if (error) reject(error);
      else resolve(names);
    };
    socket.on("error", (error) => done(error));
    socket.on("message", (message) => {
      let packet: dnsPacket.DecodedPacket;
      try {
        packet = dnsPacket.decode(message);
      } catch {
        return; // not a DNS message: keep waiting for the real answer until the timeout
      }
      if (packet.id !== id) return;
      const names = [...(packet.answers ?? []), ...(packet.authorities ?? [])]
        .flatMap((r) => (r.type === "NS" && r.name.toLowerCase().replace(/\.$/, "") === domain ? [r.data] : []))
        .map((ns) => ns.toLowerCase().replace(/\.$/, ""));
      done(null, [...new Set(names)]);
    });
    socket.send(
      dnsPacket.encode({ type: "query", id, flags: 0, questions: [{ type: "NS", name: domain }] }),
      port,
      address,
    );
  });
}
