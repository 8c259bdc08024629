import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Db } from "@/lib/db/client";
import { randomToken } from "@/lib/ids";
import { logError, logInfo } from "@/lib/log";
import { sweepDeadWriters } from "../write-blob";
import type { RunningServer } from "@/lib/infra/dns/dns-server";
import { authenticateS3 } from "./s3-auth";
import { s3Error, toS3Error } from "./s3-error";
import { xmlDocument } from "./s3-xml";
import type { S3Context } from "./s3-request";
import { routeS3 } from "./s3-routes";

export interface S3ServerOptions {
  host?: string;
  port?: number;
  /** The region clients sign for. */
  region: string;
  /** When set, `<bucket>.<domain>` hosts address buckets (virtual-host style) besides `/<bucket>/…` paths. */
  domain?: string;
}

function bucketAndKey(req: http.IncomingMessage, rawPath: string, domain?: string): { bucket: string; key: string } {
  const host = (req.headers.host ?? "").replace(/:\d+$/, "").toLowerCase();
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      throw s3Error("InvalidArgument", "The request path is not valid percent-encoding.");
    }
  };
  if (domain && host.endsWith(`.${domain}`))
    return { bucket: host.slice(0, -domain.length - 1), key: decode(rawPath.slice(1)) };
  const slash = rawPath.indexOf("/", 1);
  if (slash < 0) return { bucket: decode(rawPath.slice(1)), key: "" };
  return { bucket: decode(rawPath.slice(1, slash)), key: decode(rawPath.slice(slash + 1)) };
}

/**
 * The S3-compatible endpoint: its own node:http server so object bytes stream between socket and disk with
 * nothing buffering them. Every request is SigV4-checked before routing.
 */
export async function startS3Server(db: Db, options: S3ServerOptions): Promise<RunningServer> {
  const swept = sweepDeadWriters();
  if (swept > 0) logInfo("removed temp objects of a stopped server", { removed: swept });
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const requestId = randomToken(16).toUpperCase();
    res.setHeader("x-amz-request-id", requestId);
    res.setHeader("Server", "Bengkel");
    const url = req.url ?? "/";
    const at = url.indexOf("?");
    const rawPath = at < 0 ? url : url.slice(0, at);
    const rawQuery = at < 0 ? "" : url.slice(at + 1);
    const fail = (error: unknown) => {
      const s3 = toS3Error(error);
      if (s3.status === 500 && !req.destroyed) logError("s3 request failed", { requestId, error }); // not a client that hung up
      if (res.headersSent) return void res.destroy();
      const body =
        req.method === "HEAD"
          ? ""
          : xmlDocument(
              "Error",
              { Code: s3.code, Message: s3.message, Resource: rawPath, RequestId: requestId },
              false,
            );
      res.writeHead(s3.status, {
        "Content-Type": "application/xml",
        "Content-Length": Buffer.byteLength(body),
        ...s3.headers,
      });
      res.end(body);
    };
    try {
      if (!rawPath.startsWith("/")) throw s3Error("InvalidRequest", "The request path must start with /.");
      const caller = await authenticateS3(
        db,
        { method: req.method ?? "", rawPath, rawQuery, headers: req.headers },
        options.region,
      );
      // Only a signed request is asked for its body: a wrong key on a 5 GB PUT fails before a byte is sent.
      if (req.headers.expect?.toLowerCase() === "100-continue") res.writeContinue();
      const { bucket, key } = bucketAndKey(req, rawPath, options.domain);
      const ctx: S3Context = {
        db,
        req,
        res,
        caller,
        bucket,
        key,
        query: new URLSearchParams(rawQuery),
        requestId,
        region: options.region,
      };
      Promise.resolve(await routeS3(ctx)).catch(fail);
    } catch (error) {
      fail(error);
    }
  };
  const server = http.createServer(handle);
  server.on("checkContinue", handle);
  // Uploads of gigabytes take longer than Node's default whole-request limit; an idle socket still times out.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  server.setTimeout(120_000, (socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 9000, options.host ?? "127.0.0.1", () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
