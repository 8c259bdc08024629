import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { HashJob, type HashAlgorithm } from "./hash-thread-pool";

const shared = (bytes: Buffer) => {
  const view = Buffer.from(new SharedArrayBuffer(bytes.length));
  bytes.copy(view);
  return view;
};

describe("HashJob", () => {
  it("hashes updates in order, as node:crypto does on this thread", async () => {
    const pieces = [randomBytes(1000), randomBytes(70_000), randomBytes(1)];
    const job = new HashJob(["md5", "sha256"]);
    for (const piece of pieces) await job.update(shared(piece));
    const digests = await job.digest();
    const whole = Buffer.concat(pieces);
    expect(digests.md5).toEqual(createHash("md5").update(whole).digest());
    expect(digests.sha256).toEqual(createHash("sha256").update(whole).digest());
  });

  it("fails the jobs of a thread that died, at once, and starts another for the next job", async () => {
    // An algorithm the thread cannot make throws inside it: the thread exits, as it would on any crash.
    const doomed = new HashJob(["no-such-hash" as HashAlgorithm]);
    await expect(doomed.update(shared(randomBytes(10)))).rejects.toThrow();
    await expect(doomed.update(shared(randomBytes(10)))).rejects.toThrow();
    const next = new HashJob(["md5"]);
    await next.update(shared(Buffer.from("abc")));
    expect((await next.digest()).md5!.toString("hex")).toBe("900150983cd24fb0d6963f7d28e17f72"); // RFC 1321's "abc"
  });
});
