import fs from "node:fs";
import { promisify } from "node:util";
import { Writable } from "node:stream";
import type { HashJob } from "./hash-thread-pool";

/**
 * 1 MiB: a client's body arrives in socket reads of 12–64 KiB, and one file write and one hash-thread message
 * per read cost more than the copy into a slab (bench/s3.mjs, docs/benchmarks.md).
 */
const SLAB_BYTES = 1 << 20;
const SLABS_IN_FLIGHT = 3;
/**
 * A SharedArrayBuffer the hash thread has seen lives until that thread's next garbage collection, which its tiny
 * heap seldom needs: dropped slabs piled up (the endpoint's peak grew from 147 MiB with a 64 MiB upload to 210 with
 * 1 GiB; reused, 150 and 176). So shared slabs are only reused, never dropped, and past this many a body gets plain
 * slabs, copied across (and collected) instead.
 */
const MAX_SHARED_SLABS = 64;
let sharedSlabs = 0;
const spare: Buffer[] = [];
function takeSlab(): Buffer {
  const slab = spare.pop();
  if (slab) return slab;
  if (sharedSlabs >= MAX_SHARED_SLABS) return Buffer.allocUnsafeSlow(SLAB_BYTES);
  sharedSlabs++;
  return Buffer.from(new SharedArrayBuffer(SLAB_BYTES));
}
const giveSlab = (slab: Buffer) => void (slab.buffer instanceof SharedArrayBuffer && spare.push(slab));
const write = promisify(fs.write);

async function writeAt(fd: number, bytes: Buffer, position: number): Promise<void> {
  for (let done = 0; done < bytes.length; ) {
    const { bytesWritten } = await write(fd, bytes, done, bytes.length - done, position + done);
    done += bytesWritten;
  }
}

/**
 * Writes a body into an open file in slabs of shared memory: each full slab is written at its offset and hashed
 * on a hash thread at the same time, so the event loop only copies. At most three slabs are in flight per body, so memory
 * stays flat whatever the size. `limit` fails the stream as soon as the body passes it. Closes the file.
 */
export class BlobSink extends Writable {
  sizeBytes = 0;
  private slab: Buffer | null = null;
  private fill = 0;
  private position = 0;
  private readonly inFlight = new Set<Promise<void>>();
  private lastWrite: Promise<void> = Promise.resolve();
  private failure: Error | null = null;

  constructor(
    private readonly fd: number,
    private readonly hashing: HashJob,
    private readonly limit: { maxBytes: number; tooLarge: () => Error },
  ) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.sizeBytes += chunk.length;
    if (this.sizeBytes > this.limit.maxBytes) return done(this.limit.tooLarge());
    this.take(chunk).then(() => done(), done);
  }

  override _final(done: (error?: Error | null) => void): void {
    if (this.fill > 0) this.send();
    this.settled().then(() => done(this.failure), done);
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    // Writes still running must finish before their file descriptor is closed (and perhaps reused). settled()
    // never rejects: each write records its failure instead.
    void this.settled().then(() => fs.close(this.fd, () => done(error)));
  }

  private async take(chunk: Buffer): Promise<void> {
    for (let at = 0; at < chunk.length; ) {
      if (!this.slab) {
        while (this.inFlight.size >= SLABS_IN_FLIGHT) await Promise.race(this.inFlight);
        if (this.failure) throw this.failure;
        this.slab = takeSlab();
        this.fill = 0;
      }
      const copied = chunk.copy(this.slab, this.fill, at);
      this.fill += copied;
      at += copied;
      if (this.fill === SLAB_BYTES) this.send();
    }
  }

  private send(): void {
    const slab = this.slab!;
    const bytes = slab.subarray(0, this.fill);
    const position = this.position;
    this.position += this.fill;
    this.slab = null;
    this.fill = 0;
    // One write at a time: concurrent writes to one file only contend for its lock (a third more system time).
    const written = this.lastWrite.then(() => writeAt(this.fd, bytes, position));
    this.lastWrite = written.catch(() => {});
    const work = Promise.allSettled([written, this.hashing.update(bytes)]).then((results) => {
      this.inFlight.delete(work);
      const failed = results.find((r) => r.status === "rejected");
      if (failed) this.failure ??= (failed as PromiseRejectedResult).reason as Error;
      giveSlab(slab); // both the file write and the hash thread are done with it
    });
    this.inFlight.add(work);
  }

  private async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.race(this.inFlight);
  }
}
