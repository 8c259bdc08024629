// Hashes object bytes for lib/infra/storage/hash-thread-pool.ts off the event loop, so the S3 endpoint's one
// thread keeps reading sockets and writing files while MD5 (the ETag) and SHA-256 (a signed payload) run on
// another core. The bytes arrive as views of shared memory: nothing is copied to get here.
// In: { job, start: ["md5", "sha256"…] } | { job, bytes: Uint8Array } | { job, digest: true } | { job, drop: true }
// Out, in order, one for each message but start: { job } after an update or drop, { job, digests: { md5: … } }.
import { createHash } from "node:crypto";
import { parentPort } from "node:worker_threads";

const jobs = new Map();
parentPort.on("message", (message) => {
  const { job } = message;
  if (message.start) {
    return void jobs.set(job, Object.fromEntries(message.start.map((name) => [name, createHash(name)])));
  }
  const hashes = jobs.get(job);
  if (message.bytes) {
    for (const hash of Object.values(hashes)) hash.update(message.bytes);
    return parentPort.postMessage({ job });
  }
  jobs.delete(job);
  if (message.drop) return parentPort.postMessage({ job });
  const digests = Object.fromEntries(Object.entries(hashes).map(([name, hash]) => [name, hash.digest()]));
  parentPort.postMessage({ job, digests });
});
