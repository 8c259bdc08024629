import type fs from "node:fs";
import type { ServerResponse } from "node:http";

const BUFFER_BYTES = 1 << 20;
const spare: Buffer[] = [];

/**
 * Sends bytes `start`–`end` (inclusive) of an open file as the response body, reading into two 1 MiB buffers in
 * turn, each reused once the socket has taken its last contents. A read stream allocates a new buffer per read, and
 * that garbage made the endpoint spend as much time collecting it as serving (0.5 s of GC threads per GiB).
 */
export async function sendRange(
  res: ServerResponse,
  file: fs.promises.FileHandle,
  start: number,
  end: number,
): Promise<void> {
  const buffers = [
    spare.pop() ?? Buffer.allocUnsafeSlow(BUFFER_BYTES),
    spare.pop() ?? Buffer.allocUnsafeSlow(BUFFER_BYTES),
  ];
  // A client that hangs up may leave a write's callback uncalled: the close ends the wait instead.
  const closed = new Promise<never>((_, reject) =>
    res.once("close", () => reject(new Error("The client closed the connection."))),
  );
  closed.catch(() => {});
  const sent: (Promise<void> | null)[] = [null, null];
  let position = start;
  for (let i = 0; position <= end; i ^= 1) {
    if (sent[i]) await Promise.race([sent[i], closed]);
    const { bytesRead } = await file.read(buffers[i], 0, Math.min(BUFFER_BYTES, end - position + 1), position);
    if (bytesRead === 0) throw new Error(`The blob ended at ${position}, before byte ${end}.`);
    const bytes = buffers[i].subarray(0, bytesRead);
    sent[i] = new Promise((resolve, reject) => res.write(bytes, (error) => (error ? reject(error) : resolve())));
    sent[i]!.catch(() => {}); // a failed write surfaces where it is awaited, not as an unhandled rejection meanwhile
    position += bytesRead;
  }
  await Promise.race([Promise.all(sent), closed]);
  res.end();
  // Only after a clean finish: no write still reads them.
  for (const buffer of buffers) if (spare.length < 16) spare.push(buffer);
}
