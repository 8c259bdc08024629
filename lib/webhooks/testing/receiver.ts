import http from "node:http";
import type { AddressInfo } from "node:net";
import { createHmac, timingSafeEqual } from "node:crypto";

export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

/** A real HTTP server on a loopback port that records what it receives and answers with `reply`. */
export async function startReceiver(
  reply: (request: ReceivedRequest, index: number) => Reply = () => ({ status: 200, body: "ok" }),
) {
  const received: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = { path: req.url ?? "/", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(request);
      const answer = state.reply(request, received.length - 1);
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body ?? "");
      }, answer.delayMs ?? 0);
    });
  });
  const state = { reply };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    setReply: (next: typeof reply) => void (state.reply = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Standard Webhooks verification, written from the spec independently of the sender. */
export function verifySignature(secret: string, request: ReceivedRequest): boolean {
  const id = request.headers["webhook-id"];
  const timestamp = request.headers["webhook-timestamp"];
  const header = request.headers["webhook-signature"];
  if (typeof id !== "string" || typeof timestamp !== "string" || typeof header !== "string") return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${request.body}`).digest();
  return header.split(" ").some((entry) => {
    const [version, signature] = entry.split(",");
    const given = Buffer.from(signature ?? "", "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
