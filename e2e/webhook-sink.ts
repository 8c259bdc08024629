// A webhook receiver for the multi-instance test that knows which app instance sent each request (the process
// owning the connection's other end, from /proc) and whether its answer got back before the sender went away.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface SinkRequest {
  path: string;
  webhookId: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The sending process, one of the pids given to startWebhookSink; null if none of them (it has exited). */
  sender: number | null;
  state: "waiting" | "acknowledged" | "dropped";
  receivedAt: number;
  answeredAt?: number;
}

const hexPort = (port: number) => port.toString(16).toUpperCase().padStart(4, "0");

/** The pid among `pids` owning the loopback TCP socket from `localPort` to `remotePort`. */
function socketOwner(localPort: number, remotePort: number, pids: number[]): number | null {
  const rows = fs
    .readFileSync("/proc/net/tcp", "utf8")
    .split("\n")
    .slice(1)
    .map((line) => line.trim().split(/\s+/));
  const inode = rows.find(
    (f) => f[1]?.endsWith(`:${hexPort(localPort)}`) && f[2]?.endsWith(`:${hexPort(remotePort)}`),
  )?.[9];
  if (!inode) return null;
  for (const pid of pids) {
    const dir = `/proc/${pid}/fd`;
    let fds: string[];
    try {
      fds = fs.readdirSync(dir);
    } catch {
      continue; // gone
    }
    for (const fd of fds) {
      try {
        if (fs.readlinkSync(`${dir}/${fd}`) === `socket:[${inode}]`) return pid;
      } catch {
        /* closed meanwhile */
      }
    }
  }
  return null;
}

export async function startWebhookSink(pids: number[]) {
  const requests: SinkRequest[] = [];
  /** Senders the test killed: what they wrote last may still be read, but no answer can reach them. */
  const dead = new Set<number>();
  let delayMs = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    const sender = socketOwner(req.socket.remotePort!, (server.address() as AddressInfo).port, pids);
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request: SinkRequest = {
        path: req.url ?? "/",
        webhookId: String(req.headers["webhook-id"]),
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        sender,
        state: "waiting",
        receivedAt: Date.now(),
      };
      requests.push(request);
      // Its process is gone (killed after writing the request, read only now): no one would read an answer.
      if (sender === null || dead.has(sender)) {
        request.state = "dropped";
        return void req.socket.destroy();
      }
      setTimeout(() => {
        request.answeredAt = Date.now();
        // The sender died while we waited: it never saw an answer, so this is not a delivery.
        if (req.socket.destroyed || res.destroyed || dead.has(sender)) return void (request.state = "dropped");
        request.state = "acknowledged";
        res.writeHead(200).end("ok");
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    setDelay: (ms: number) => void (delayMs = ms),
    /** Called right after kill -9 of `pid`: its socket may not look closed yet, but it will never read an answer. */
    markDead: (pid: number) => void dead.add(pid),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
