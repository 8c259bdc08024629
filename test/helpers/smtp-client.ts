import net from "node:net";
import tls from "node:tls";

/**
 * A raw SMTP client over a real socket, optionally from another loopback address (127.0.0.x) so the server sees
 * distinct clients. `reply()` waits for the next whole reply (all its lines); `command()` sends a line and waits;
 * `startTls()` sends STARTTLS and, on 220, goes on over TLS (with `ca`, checking the chain and `servername`;
 * without, trusting any certificate).
 */
export function openSmtpClient(port: number, localAddress = "127.0.0.1") {
  let socket: net.Socket = net.connect({ port, host: "127.0.0.1", localAddress });
  let buffer = "";
  const waiters: ((reply: string) => void)[] = [];
  const onData = (chunk: Buffer) => {
    buffer += chunk.toString();
    let match: RegExpMatchArray | null;
    while ((match = buffer.match(/^((?:\d{3}-[^\r\n]*\r\n)*\d{3} [^\r\n]*)\r\n/))) {
      buffer = buffer.slice(match[0].length);
      waiters.shift()?.(match[1]);
    }
  };
  socket.on("data", onData);
  const reply = () => new Promise<string>((resolve) => waiters.push(resolve));
  const command = (line: string) => {
    const next = reply();
    socket.write(`${line}\r\n`);
    return next;
  };
  const client = {
    get socket() {
      return socket;
    },
    reply,
    command,
    close: () => socket.end(),
    async startTls(
      ca?: Buffer,
      servername = "mail.bengkel.test",
    ): Promise<{ reply: string; certificate: tls.PeerCertificate }> {
      const answer = await command("STARTTLS");
      if (!answer.startsWith("220")) throw new Error(`STARTTLS refused: ${answer}`);
      socket.off("data", onData);
      const secure = tls.connect({ socket, servername, ca, rejectUnauthorized: Boolean(ca) });
      await new Promise<void>((resolve, reject) => secure.once("secureConnect", resolve).once("error", reject));
      secure.on("data", onData);
      socket = secure;
      return { reply: answer, certificate: secure.getPeerCertificate() };
    },
  };
  return client;
}
