// What e2e/multi-instance.spec.ts runs against: one PostgreSQL cluster, one S3 store (s3rver), two production
// servers (scripts/server.mjs, no supervisor, so a kill -9 stays dead) and a round-robin proxy in front, all on
// free loopback ports. Every embedded listener except HTTP is off, so nothing collides with the Playwright server's
// ports or another test run's.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, startPostgresCluster, type PostgresCluster } from "../scripts/postgres-cluster.mjs";
import { startRoundRobinProxy, type RoundRobinProxy } from "../scripts/round-robin-proxy.mjs";
import { S3RVER_KEY, startS3rver, type TestS3rver } from "../test/helpers/s3rver";

export interface Instance {
  url: string;
  /** As the proxy's X-Served-By names it. */
  host: string;
  pid: number;
  child: ChildProcess;
}

export interface Deployment {
  proxy: RoundRobinProxy;
  instances: Instance[];
  cluster: PostgresCluster;
  /** `bengkel …` against the shared database, parsed from `--json`. */
  cli(...args: string[]): { id: string; secret: string; email: string };
  /** The servers' logged errors, for a failing run. */
  errors(): string[];
  stop(): Promise<void>;
}

/** Settings every instance shares: the database, the blob bucket, the session secret, the public URL. */
function sharedEnv(cluster: PostgresCluster, s3: TestS3rver, publicUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    HOST: "127.0.0.1",
    DATABASE_URL: cluster.url,
    DATABASE_POOL_SIZE: "10",
    BLOB_STORE: "s3",
    BLOB_S3_ENDPOINT: s3.endpoint,
    BLOB_S3_BUCKET: s3.bucket,
    BLOB_S3_ACCESS_KEY_ID: S3RVER_KEY.accessKeyId,
    BLOB_S3_SECRET_ACCESS_KEY: S3RVER_KEY.secretAccessKey,
    BLOB_S3_FORCE_PATH_STYLE: "true",
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
    NEXTAUTH_URL: publicUrl,
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: "false",
    // The only listener is HTTP; mail, DNS and the bucket endpoint would each need a port per instance.
    DNS_ENABLED: "off",
    SMTP_ENABLED: "off",
    SMTP_SUBMISSION_ENABLED: "off",
    IMAP_ENABLED: "off",
    S3_ENABLED: "off",
    VPS_TICKER: "on",
    WEBHOOK_WORKER: "on",
    WEBHOOK_ALLOW_PRIVATE: "true",
    // Two servers share two cores with the test: one analysis child each, no background slicing.
    ANALYSIS_WORKERS: "1",
    ANALYSIS_WARM_UP: "off",
    ANALYSIS_QUEUE: "64",
    PRINT_ESTIMATE_ON_UPLOAD: "off",
    SLICER_ENABLED: "off",
  };
}

async function waitForServer(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server ${url} exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/login`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server ${url} did not start`);
}

export async function startDeployment(count = 2): Promise<Deployment> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-multi-"));
  const cluster = await startPostgresCluster();
  const s3 = await startS3rver();
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const proxy = await startRoundRobinProxy(ports.map((port) => `http://127.0.0.1:${port}`));
  const env = sharedEnv(cluster, s3, proxy.url);
  const cli = (...args: string[]) =>
    JSON.parse(
      execFileSync(process.execPath, ["dist/cli.mjs", ...args, "--json"], {
        env: { ...env, DATA_DIR: path.join(root, "cli") },
      }).toString() || "{}",
    );
  cli("db", "migrate");
  const instances = ports.map((port, i): Instance => {
    const dataDir = path.join(root, `instance-${i}`);
    fs.mkdirSync(dataDir, { recursive: true });
    const log = fs.openSync(path.join(dataDir, "server.log"), "a");
    const child = spawn(process.execPath, ["scripts/server.mjs"], {
      env: { ...env, PORT: String(port), DATA_DIR: dataDir },
      stdio: ["ignore", log, log],
    });
    fs.closeSync(log);
    return { url: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}`, pid: child.pid!, child };
  });
  await Promise.all(instances.map((instance) => waitForServer(instance.url, instance.child)));
  return {
    proxy,
    instances,
    cluster,
    cli,
    errors: () =>
      instances.flatMap((_, i) =>
        fs
          .readFileSync(path.join(root, `instance-${i}`, "server.log"), "utf8")
          .split("\n")
          .filter((line) => line.includes('"level":"error"'))
          .map((line) => `instance ${i}: ${line}`),
      ),
    async stop() {
      await Promise.all(
        instances.map(async ({ child }) => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((resolve) => child.once("exit", resolve));
          child.kill("SIGTERM");
          await exited;
        }),
      );
      await proxy.close();
      await s3.stop();
      cluster.stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
