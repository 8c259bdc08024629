import net from "node:net";

/**
 * A loopback TCP port free right now, for a server that cannot be told to pick one itself (Dovecot reads port
 * 0 as "no listener"). Another process could take it before the server binds; the server then fails loudly.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
