// Starts the production server on the embedded defaults (SQLite under data/, loopback) and keeps it up:
// a server process that dies (a crash, the kernel's OOM killer) is started again, after a pause that grows
// while it keeps dying young. SIGINT/SIGTERM stop it for good. Under systemd, deploy/bengkel.service does the same.
import { spawn } from "node:child_process";

const env = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" };
/** A server that ran this long before dying is considered healthy: the pause starts over. */
const HEALTHY_AFTER_MS = 30_000;
const MAX_PAUSE_MS = 10_000;

let child;
let stopping = false;
let pause = 250;

function run() {
  const startedAt = Date.now();
  child = spawn(process.execPath, ["scripts/server.mjs"], { stdio: "inherit", env });
  child.on("exit", (code, signal) => {
    if (stopping) process.exit(code ?? 0);
    pause = Date.now() - startedAt > HEALTHY_AFTER_MS ? 250 : Math.min(pause * 2, MAX_PAUSE_MS);
    console.error(
      JSON.stringify({
        level: "error",
        time: new Date().toISOString(),
        message: "server exited; restarting",
        code,
        signal,
        restart_in_ms: pause,
      }),
    );
    setTimeout(run, pause);
  });
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    else process.exit(0);
  });
}
run();
