import net from "node:net";

/**
 * A raw SMTP client over a real socket, optionally from another loopback address (127.0.0.x) so the server sees
 * distinct clients. `reply()` waits for the next whole reply (all its lines); `command()` sends a line and waits.
 */
export function openSmtpClient(port: number, localAddress = "127.0.0.1") {
  const socket = net.connect({ port, host: "127.0.0.1", localAddress });
  let buffer = "";
  const waiters: ((reply: string) => void)[] = [];
  socket.on("data", (chunk) => {
    buffer += chunk.toString();
    let match: RegExpMatchArray | null;
    while ((match = buffer.match(/^((?:\d{3}-[^\r\n]*\r\n)*\d{3} [^\r\n]*)\r\n/))) {
      buffer = buffer.slice(match[0].length);
      waiters.shift()?.(match[1]);
    }
  });
  const reply = () => new Promise<string>((resolve) => waiters.push(resolve));
  const command = (line: string) => {
    const next = reply();
    socket.write(`${line}\r\n`);
    return next;
  };
  return { socket, reply, command, close: () => socket.end() };
}
