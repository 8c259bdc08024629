// A small round-robin HTTP load balancer in front of several app instances, for the multi-instance end-to-end test
// and `npm run bench -- postgres` (production uses nginx or HAProxy: docs/several-machines.md). Like nginx's default
// (`proxy_next_upstream error`), a request goes to the next instance only when the chosen one refused the
// connection, i.e. before it saw a byte, or, for GET and HEAD, when a kept-alive connection was reset; any other
// failure is answered 502, and a POST is never sent twice.
// Run on its own: node scripts/round-robin-proxy.mjs <port> <backend URL>…  (prints "listening <port>")
import http from "node:http";
import { fileURLToPath } from "node:url";

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "proxy-connection", "upgrade"]);
const withoutHopByHop = (headers) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));

/** Starts the proxy on loopback (`port` 0: a free one). */
export function startRoundRobinProxy(backends, port = 0) {
  const targets = backends.map((url) => new URL(url));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => forward(req, res, Buffer.concat(chunks), next++ % targets.length, targets.length));
  });
  // The body is buffered so that a refused connection can be retried on the next instance (the tests' bodies are small).
  function forward(req, res, body, index, triesLeft) {
    const target = targets[index];
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...withoutHopByHop(req.headers), "content-length": body.length },
        agent,
      },
      (answer) => {
        // Which instance answered, like nginx's $upstream_addr: the tests check that both served.
        res.writeHead(answer.statusCode ?? 502, { ...withoutHopByHop(answer.headers), "x-served-by": target.host });
        answer.pipe(res);
        answer.on("error", () => res.destroy());
      },
    );
    upstream.on("error", (error) => {
      // A kept-alive connection the instance closed as idle just as it was reused: a GET or HEAD goes again.
      const staleSocket = upstream.reusedSocket && error.code === "ECONNRESET" && ["GET", "HEAD"].includes(req.method);
      if ((error.code === "ECONNREFUSED" || staleSocket) && triesLeft > 1)
        return forward(req, res, body, (index + 1) % targets.length, triesLeft - 1);
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { "content-type": "text/plain" }).end(`upstream ${target.host}: ${error.code ?? error}`);
    });
    upstream.end(body);
  }
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        port: server.address().port,
        close: () =>
          new Promise((done) => {
            agent.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    ),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [port, ...backends] = process.argv.slice(2);
  const proxy = await startRoundRobinProxy(backends, Number(port));
  console.log(`listening ${proxy.port}`);
}
