import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import type { StoredAnalysis } from "@/db/schema";
import { DomainError } from "@/lib/errors";
import { config } from "@/lib/config";
import { logError } from "@/lib/log";
import { resolveFromRoot } from "@/lib/paths";
import { residentMb } from "@/lib/process-memory";
import {
  KEEP_MESH_MS,
  TOO_LARGE_MESSAGE,
  WARM_UP_FLAG,
  type AnalysisReply,
  type AnalysisResults,
  type AnalysisTask,
} from "./analysis-task";

export interface AnalysisPoolOptions {
  /** Child processes analysing at once. */
  workers: number;
  /** Wall time of one job, counted from when a child takes it (not while it waits). */
  timeoutMs: number;
  /** V8 heap of a child (--max-old-space-size) and, with headroom, its resident size. */
  memoryMb: number;
  /** Jobs that may wait for a free child; one more is refused with 503 `busy`. */
  queue: number;
  /** The bundled child entry (scripts/build-cli.mjs). */
  filename?: string;
  /** Children warm the laser engine while idle after they start (lib/analyze/warm-up.ts). */
  warmUp?: boolean;
}

/** Seconds a client refused with `busy` is told to wait: about one typical analysis. */
const RETRY_AFTER_S = 5;
/** How often a busy child's resident memory is read: WebAssembly and buffers are outside the heap flag. */
const MEMORY_POLL_MS = 50;
/** Resident size allowed beyond the heap limit: Node itself, buffers read from disk, the STL arena, OpenCascade. */
const residentLimitMb = (heapMb: number) => heapMb * 1.25 + 128;
/**
 * A child that kept more than this after a job is replaced, so one big upload's memory goes back to the system.
 * A warmed child holds ~300 MB and ~340 MB after a 1M-triangle upload whose mesh it keeps for the estimate
 * (2026-11-26); at 400 MB, 2 of 16 benchmark runs replaced the child after that upload, and its first quote then ran in a
 * cold child that parsed the file again (2 s instead of 0.6 s).
 */
const RECYCLE_ABOVE_MB = 512;
/** The V8 old space a child starts with (MB), at most a quarter of its heap limit. */
const INITIAL_OLD_SPACE_MB = 128;
/** Children beyond the first exit after this long idle. */
const IDLE_TIMEOUT_MS = 60_000;

const NICE = ["/usr/bin/nice", "/bin/nice"].find((file) => fs.existsSync(file));
const CHILD_NICENESS = 10;

interface Child {
  process: ChildProcess;
  ready: Promise<void>;
  stderr: string;
  idleTimer?: NodeJS.Timeout;
  /** The content whose welded mesh the child keeps for an estimate (it forgets it at its next task). */
  kept?: { sha256: string; until: number };
}

/** Whether `child` still keeps the welded mesh of the content `sha256` at `now`. */
const keeps = (child: Child, sha256: string, now: number) =>
  child.kept !== undefined && child.kept.sha256 === sha256 && now < child.kept.until;

/**
 * Uploads are parsed and measured in child processes, never on the thread that
 * serves HTTP, DNS and SMTP. Processes rather than worker threads because a
 * worker that outgrows its `resourceLimits` inside one large allocation takes
 * the whole process down with it (V8's fatal "heap out of memory", reproduced on
 * Node 20 with a growing array), and because only a process's resident size
 * bounds WebAssembly and buffer memory. Piscina and tinypool pool threads (and
 * tinypool's child-process mode leaves unhandled rejections when a child dies),
 * so this small pool is our own. Each job has a wall-time limit from when a child
 * takes it and a memory limit; a child past either is killed and replaced and the
 * caller gets a 422. Children are kept warm between jobs.
 */
export class AnalysisPool {
  private readonly idle: Child[] = [];
  private busy = 0;
  private readonly waiting: ((child: Child) => void)[] = [];
  private closed = false;

  constructor(private readonly options: AnalysisPoolOptions) {}

  /** Starts one child ahead of the first upload (a child takes ~100 ms to load the engines). */
  warm(): void {
    if (this.idle.length === 0 && this.busy === 0) this.release(this.spawn());
  }

  /**
   * Measures the file at `path` (the upload's temp file) in a child. Throws DomainError on every failure a file can
   * cause. `sha256`, the bytes' hash, lets the child keep a large STL's mesh for the estimate that follows.
   */
  analyze(path: string, filename: string, sha256?: string): Promise<StoredAnalysis> {
    return this.run({ kind: "analyze", path, filename, sha256 });
  }

  /**
   * The estimate from the welded mesh a child keeps of the content `sha256`, needing no file; null, with nothing
   * run, when no child keeps it (or it was given to another task meanwhile).
   */
  async estimateKept(task: Omit<Extract<AnalysisTask, { kind: "kept-estimate" }>, "kind">) {
    const now = Date.now();
    return this.idle.some((c) => keeps(c, task.sha256, now)) ? this.run({ kind: "kept-estimate", ...task }) : null;
  }

  /** Runs one task in a child; its errors come back as DomainErrors. */
  async run<T extends AnalysisTask>(task: T): Promise<AnalysisResults[T["kind"]]> {
    const child = await this.acquire(task);
    // Whatever the task, the child forgets the mesh it kept (it is this task's if the task is its estimate).
    child.kept = undefined;
    let reply: AnalysisReply;
    try {
      reply = await this.send(child, task);
    } catch (error) {
      this.discard(child);
      throw error;
    }
    if (reply.ok && reply.meshKept && task.kind === "analyze" && task.sha256 !== undefined)
      child.kept = { sha256: task.sha256, until: Date.now() + KEEP_MESH_MS };
    this.release(child);
    if (reply.ok) return reply.value as AnalysisResults[T["kind"]];
    if ("crash" in reply) {
      logError("analysis crashed", { error: reply.crash });
      throw new DomainError("unreadable_file", `${task.filename} could not be analysed; it may be damaged.`);
    }
    throw new DomainError(reply.error.code, reply.error.message, {
      param: reply.error.param,
      details: reply.error.details,
    });
  }

  /** Jobs running and waiting, and children alive: for tests and health checks. */
  get load(): { running: number; waiting: number; children: number } {
    return { running: this.busy, waiting: this.waiting.length, children: this.busy + this.idle.length };
  }

  close(): void {
    this.closed = true;
    for (const child of this.idle.splice(0)) child.process.kill("SIGKILL");
  }

  private spawn(): Child {
    const args = [
      `--max-old-space-size=${this.options.memoryMb}`,
      // V8 sizes a young heap's collections to the few MB it holds, so every upload of a large drawing (tens of MB
      // of typed arrays, which count) ended in a full collection, ~10 ms of a 4.6 MB sheet's ~50: a larger start
      // leaves that garbage to be collected once in a few jobs (docs/benchmarks.md, issue #18).
      `--initial-old-space-size=${Math.min(INITIAL_OLD_SPACE_MB, Math.floor(this.options.memoryMb / 4))}`,
      this.options.filename ?? resolveFromRoot("dist/analysis-child.mjs"),
      ...(this.options.warmUp ? [WARM_UP_FLAG] : []),
    ];
    // Niced (every thread of it, hence `nice` rather than setting it from inside): when the cores are short,
    // the thread serving HTTP, DNS and SMTP is scheduled first.
    const [command, commandArgs] = NICE
      ? [NICE, ["-n", String(CHILD_NICENESS), process.execPath, ...args]]
      : [process.execPath, args];
    const child = spawn(command, commandArgs, {
      serialization: "advanced",
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    const entry: Child = { process: child, stderr: "", ready: Promise.resolve() };
    child.stderr?.on("data", (chunk: Buffer) => {
      entry.stderr = (entry.stderr + chunk.toString()).slice(-4000);
    });
    entry.ready = new Promise((resolve, reject) => {
      child.once("message", () => resolve());
      child.once("exit", () => reject(new Error(`analysis child exited at start: ${entry.stderr.slice(-500)}`)));
    });
    entry.ready.catch(() => {}); // awaited by whoever runs the first job
    // A child that dies while idle (killed from outside) is simply forgotten.
    child.once("exit", () => {
      const index = this.idle.indexOf(entry);
      if (index >= 0) this.idle.splice(index, 1);
    });
    child.on("error", (error) => logError("analysis child error", { error }));
    return entry;
  }

  private acquire(task: AnalysisTask): Promise<Child> {
    const child = this.takeIdle(task);
    if (child) {
      clearTimeout(child.idleTimer);
      this.busy++;
      return Promise.resolve(child);
    }
    if (this.busy < this.options.workers) {
      this.busy++;
      return Promise.resolve(this.spawn());
    }
    if (this.waiting.length >= this.options.queue) {
      return Promise.reject(
        new DomainError(
          "busy",
          `The server is analysing as many files as it can; try again in ${RETRY_AFTER_S} seconds.`,
          {
            details: { retry_after_seconds: RETRY_AFTER_S },
          },
        ),
      );
    }
    // The slot passes straight to the waiting job (see release), so `busy` stays counted.
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /**
   * An idle child for `task`: for an estimate, the one that keeps the mesh of its content if there is one; else
   * preferably one that keeps none, so that mesh stays for its estimate.
   */
  private takeIdle(task: AnalysisTask): Child | undefined {
    const now = Date.now();
    const sha256 = task.kind === "estimate" || task.kind === "kept-estimate" ? task.sha256 : undefined;
    let index = this.idle.findLastIndex((c) => sha256 !== undefined && keeps(c, sha256, now));
    if (index < 0) index = this.idle.findLastIndex((c) => c.kept === undefined || now >= c.kept.until);
    if (index < 0) index = this.idle.length - 1;
    return index < 0 ? undefined : this.idle.splice(index, 1)[0];
  }

  /** A child done with its job goes to the next waiting job, or back to the idle list. */
  private release(child: Child): void {
    const rss = child.process.pid ? residentMb(child.process.pid) : null;
    if (this.closed || child.process.exitCode !== null || (rss !== null && rss > RECYCLE_ABOVE_MB)) {
      this.discard(child);
      return;
    }
    const next = this.waiting.shift();
    if (next) {
      next(child);
      return;
    }
    if (this.busy > 0) this.busy--;
    this.idle.push(child);
    if (this.idle.length + this.busy > 1) {
      child.idleTimer = setTimeout(() => this.retire(child), IDLE_TIMEOUT_MS);
      child.idleTimer.unref();
    }
  }

  /** A child that failed or grew is killed; its slot goes to a fresh child if a job is waiting. */
  private discard(child: Child): void {
    if (child.process.exitCode === null) child.process.kill("SIGKILL");
    const next = this.waiting.shift();
    if (next && !this.closed) next(this.spawn());
    else if (this.busy > 0) this.busy--;
  }

  private retire(child: Child): void {
    const index = this.idle.indexOf(child);
    if (index < 0 || this.idle.length + this.busy <= 1) return;
    this.idle.splice(index, 1);
    child.process.kill("SIGKILL");
  }

  private send(child: Child, task: AnalysisTask): Promise<AnalysisReply> {
    const { timeoutMs, memoryMb } = this.options;
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      let poll: NodeJS.Timeout | undefined;
      const finish = (error: unknown, reply?: AnalysisReply) => {
        clearTimeout(timer);
        clearInterval(poll);
        child.process.off("message", onMessage);
        child.process.off("exit", onExit);
        if (error) reject(error);
        else resolve(reply as AnalysisReply);
      };
      const onMessage = (reply: AnalysisReply) => finish(null, reply);
      const onExit = () => {
        const outOfMemory = /heap out of memory|Allocation failed/i.test(child.stderr);
        if (!outOfMemory) logError("analysis child died", { error: child.stderr.slice(-1000) });
        finish(
          outOfMemory
            ? tooLarge(memoryMb)
            : new DomainError("unreadable_file", `${task.filename} could not be analysed; it may be damaged.`),
        );
      };
      child.process.on("exit", onExit);
      child.ready.then(
        () => {
          child.process.on("message", onMessage);
          child.process.send(task, (error) => error && finish(error));
          timer = setTimeout(() => {
            const seconds = timeoutMs / 1000;
            finish(
              new DomainError(
                "analysis_timeout",
                `Analysing this file took longer than ${seconds} s and was stopped: it is too complex or damaged. Simplify it or split it into parts.`,
                {
                  details: { limit_seconds: seconds },
                },
              ),
            );
          }, timeoutMs);
          poll = setInterval(() => {
            const rss = child.process.pid ? residentMb(child.process.pid) : null;
            if (rss !== null && rss > residentLimitMb(memoryMb)) finish(tooLarge(memoryMb));
          }, MEMORY_POLL_MS);
        },
        (error: unknown) => finish(error),
      );
    });
  }
}

function tooLarge(memoryMb: number): DomainError {
  return new DomainError("analysis_too_large", TOO_LARGE_MESSAGE, { details: { limit_mb: memoryMb } });
}

const globalForPool = globalThis as unknown as { bengkelAnalysisPool?: AnalysisPool };

/** The server's pool, sized from the configuration (ANALYSIS_*). */
export function getAnalysisPool(): AnalysisPool {
  if (!globalForPool.bengkelAnalysisPool) {
    const c = config();
    globalForPool.bengkelAnalysisPool = new AnalysisPool({
      workers: c.ANALYSIS_WORKERS,
      timeoutMs: c.ANALYSIS_TIMEOUT_S * 1000,
      memoryMb: c.ANALYSIS_MEMORY_MB,
      queue: c.ANALYSIS_QUEUE,
      warmUp: c.ANALYSIS_WARM_UP,
    });
  }
  return globalForPool.bengkelAnalysisPool;
}
