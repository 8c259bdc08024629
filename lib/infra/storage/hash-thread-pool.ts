import os from "node:os";
import { Worker } from "node:worker_threads";
import { resolveFromRoot } from "@/lib/paths";

export type HashAlgorithm = "md5" | "sha256";
export type Digests = Partial<Record<HashAlgorithm, Buffer>>;

interface Reply {
  job: number;
  digests?: Record<string, Uint8Array>;
}

interface HashThread {
  worker: Worker;
  /** One entry per message that gets a reply; the thread answers in order. */
  waiting: { resolve: (reply: Reply) => void; reject: (error: Error) => void }[];
  jobs: number;
  /** Why the thread is gone: its jobs fail at once rather than wait for replies that will never come. */
  failure: Error | null;
}

const threads: HashThread[] = [];
let lastJob = 0;

function startThread(): HashThread {
  const worker = new Worker(resolveFromRoot("lib/infra/storage/workers/hash-thread.mjs"));
  const thread: HashThread = { worker, waiting: [], jobs: 0, failure: null };
  worker.unref(); // an idle pool never keeps a process alive
  worker.on("message", (reply: Reply) => {
    thread.waiting.shift()?.resolve(reply);
    if (thread.waiting.length === 0) worker.unref();
  });
  const fail = (error: Error) => {
    thread.failure ??= error;
    if (threads.includes(thread)) threads.splice(threads.indexOf(thread), 1);
    for (const waiter of thread.waiting.splice(0)) waiter.reject(error);
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`The hash thread exited with code ${code}.`)));
  return thread;
}

/** The least busy thread; one more (up to one per core) when all are busy, as parts of an upload arrive together. */
function pickThread(): HashThread {
  const idle = threads.find((t) => t.jobs === 0);
  if (idle) return idle;
  if (threads.length < os.availableParallelism()) {
    threads.push(startThread());
    return threads.at(-1)!;
  }
  return threads.reduce((a, b) => (b.jobs < a.jobs ? b : a));
}

/**
 * Running hashes of one body, computed on a hash thread. Updates must be views of a SharedArrayBuffer (anything
 * else is copied across) and must not change until their promise settles.
 */
export class HashJob {
  private readonly thread = pickThread();
  private readonly id = ++lastJob;
  private ended = false;

  constructor(algorithms: HashAlgorithm[]) {
    this.thread.jobs++;
    this.thread.worker.postMessage({ job: this.id, start: algorithms });
  }

  private send(message: object): Promise<Reply> {
    return new Promise((resolve, reject) => {
      if (this.thread.failure) return reject(this.thread.failure);
      if (this.thread.waiting.length === 0) this.thread.worker.ref();
      this.thread.waiting.push({ resolve, reject });
      this.thread.worker.postMessage({ job: this.id, ...message });
    });
  }

  async update(bytes: Uint8Array): Promise<void> {
    await this.send({ bytes });
  }

  async digest(): Promise<Digests> {
    const { digests } = await this.end({ digest: true });
    return Object.fromEntries(Object.entries(digests ?? {}).map(([name, bytes]) => [name, Buffer.from(bytes)]));
  }

  /** Forgets the hashes (a failed body); safe to call after digest. */
  async drop(): Promise<void> {
    if (!this.ended) await this.end({ drop: true });
  }

  private async end(message: object): Promise<Reply> {
    this.ended = true;
    this.thread.jobs--;
    return await this.send(message);
  }
}
