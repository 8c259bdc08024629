import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendRange } from "./send-range";

// A real server on a free loopback port serving `?start&end` of a 3.5 MiB file, so ranges cross the 1 MiB buffers.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-send-range-"));
const file = path.join(dir, "blob");
const bytes = randomBytes(3.5 * 1024 * 1024);
let server: http.Server;
let base: string;
const outcomes: Promise<string>[] = [];

beforeAll(async () => {
  fs.writeFileSync(file, bytes);
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, "http://x");
    const start = Number(url.searchParams.get("start"));
    const end = Number(url.searchParams.get("end"));
    res.writeHead(200, { "Content-Length": end - start + 1 });
    outcomes.push(
      (async () => {
        const handle = await fs.promises.open(file, "r");
        try {
          await sendRange(res, handle, start, end);
          return "sent";
        } catch (error) {
          res.destroy();
          return (error as Error).message;
        } finally {
          await handle.close();
        }
      })(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("sendRange", () => {
  it("sends exactly the bytes asked for: whole, one byte, across buffer boundaries", async () => {
    const last = bytes.length - 1;
    for (const [start, end] of [
      [0, last],
      [5, 5],
      [1024 * 1024 - 3, 2 * 1024 * 1024 + 7],
      [last - 10, last],
    ]) {
      const response = await fetch(`${base}/?start=${start}&end=${end}`);
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes.subarray(start, end + 1))).toBe(true);
    }
  });

  it("stops when the client hangs up, and fails when the file is shorter than the range", async () => {
    const before = outcomes.length;
    await new Promise<void>((resolve) => {
      const req = http.get(`${base}/?start=0&end=${bytes.length - 1}`, (res) =>
        res.once("data", () => {
          req.destroy();
          resolve();
        }),
      );
    });
    // Whichever comes first: the response's close, the next write's refusal, or that write meeting the reset socket.
    expect(await outcomes[before]).toMatch(
      /^(The client closed the connection|Cannot call write after a stream was destroyed|write (ECONNRESET|EPIPE))/,
    );
    // One byte past the end: the body falls short of its Content-Length, so the client sees an error too.
    await expect(fetch(`${base}/?start=0&end=${bytes.length}`).then((r) => r.arrayBuffer())).rejects.toThrow();
    expect(await outcomes[before + 1]).toBe(`The blob ended at ${bytes.length}, before byte ${bytes.length}.`);
  });
});
