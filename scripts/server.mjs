// The production HTTP server: Next.js's request handler behind a thin Node server of our own, for what
// Next.js answers with a bare page or a plain-text 500 before any route of ours runs: malformed
// percent-encoding in the path (Next's /400 page does not exist in the App Router, so it falls to
// "Internal Server Error"), methods no route knows, and 405s from route files, all of which become the
// API's error envelope with a code and X-Request-Id. It also fixes the request timeouts that bound a
// slow upload (sweep-temp-files.ts counts on them). scripts/start.mjs runs and restarts it.
import http from "node:http";
import { randomBytes } from "node:crypto";
import next from "next";

const host = process.env.HOST ?? "127.0.0.1";
const port = Number(process.env.PORT ?? 3000);
/** The longest a request (an upload included) may take to arrive. */
const REQUEST_TIMEOUT_MS = 300_000;
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const requestId = () => `req_${randomBytes(15).toString("base64url").replace(/[-_]/g, "x")}`;

/** The same shapes as lib/api/envelope.ts: `/v1` {success:false}, the legacy `/api` {ok:false}. */
function sendError(req, res, status, code, message, headers = {}) {
  const id = requestId();
  const error = { type: status >= 500 ? "api_error" : "invalid_request_error", code, message };
  const body = JSON.stringify(
    req.url?.startsWith("/api/") ? { ok: false, error, request_id: id } : { success: false, error, request_id: id },
  );
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "X-Request-Id": id,
  });
  res.end(body);
}

function decodablePath(url) {
  try {
    decodeURIComponent(url.split("?")[0]);
    return true;
  } catch {
    return false;
  }
}

const isApiPath = (url) => /^\/(v1|api|dashboard-api)(\/|$)/.test(url) && !url.startsWith("/api/auth/");

/**
 * A route file without the method answers an empty 405. The first time Next.js starts to send it, what Next.js
 * sends is dropped and the envelope goes out instead, with `Allow` taken from the route's own OPTIONS answer
 * (Next.js implements OPTIONS for every route file from the methods it exports).
 */
function envelopeEmpty405(req, res) {
  const originals = { writeHead: res.writeHead, flushHeaders: res.flushHeaders, write: res.write, end: res.end };
  let replaced = false;
  for (const name of Object.keys(originals)) {
    res[name] = function (...args) {
      if (replaced) return name === "write" ? true : this;
      if (res.statusCode !== 405 || res.headersSent || res.getHeader("content-type"))
        return originals[name].apply(this, args);
      replaced = true;
      allowedMethods(req.url).then((allow) => {
        Object.assign(res, originals);
        sendError(
          req,
          res,
          405,
          "method_not_allowed",
          `${req.method} is not allowed on ${req.url.split("?")[0]}.`,
          allow ? { Allow: allow } : {},
        );
      });
      return name === "write" ? true : this;
    };
  }
}

const selfOrigin = `http://${["0.0.0.0", "::"].includes(host) ? "127.0.0.1" : host}:${port}`;
const allowedMethods = (url) =>
  fetch(`${selfOrigin}${url}`, { method: "OPTIONS" }).then(
    (res) => res.headers.get("allow"),
    () => null,
  );

const app = next({ dev: false, hostname: host, port });
await app.prepare();
const handle = app.getRequestHandler();

const server = http.createServer((req, res) => {
  if (!decodablePath(req.url ?? "/"))
    return sendError(req, res, 400, "invalid_request", "The request path has malformed percent-encoding.");
  // Empty segments (`/v1//files`, `/v1/files/`) would get Next.js's bare 308: an API path is served as its canonical form.
  if (isApiPath(req.url))
    req.url = req.url.replace(/^([^?]*)/, (p) => p.replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1"));
  if (!KNOWN_METHODS.has(req.method ?? ""))
    return sendError(req, res, 405, "method_not_allowed", `${req.method} is not an HTTP method this server knows.`);
  if (isApiPath(req.url)) envelopeEmpty405(req, res);
  handle(req, res).catch((error) => {
    console.error(
      JSON.stringify({
        level: "error",
        time: new Date().toISOString(),
        message: "request failed",
        error: String(error?.stack ?? error),
      }),
    );
    if (!res.headersSent) sendError(req, res, 500, "internal_error", "Something went wrong on our side.");
    else res.destroy();
  });
});
server.requestTimeout = REQUEST_TIMEOUT_MS;
server.headersTimeout = 60_000;
server.listen(port, host, () => console.log(`▲ Bengkel on http://${host}:${port}`));

// A stray rejection (a client gone mid-stream) is logged, not fatal; a thrown exception still ends the
// process, and the supervisor starts a fresh one.
process.on("unhandledRejection", (reason) => {
  console.error(
    JSON.stringify({
      level: "error",
      time: new Date().toISOString(),
      message: "unhandled rejection",
      error: String(reason?.stack ?? reason),
    }),
  );
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref(); // idle keep-alive connections do not hold the stop up
  });
}
