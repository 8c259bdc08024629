// Starts the production server on the embedded defaults (SQLite under data/, loopback).
import { spawn } from "node:child_process";

const host = process.env.HOST ?? "127.0.0.1";
const port = process.env.PORT ?? "3000";
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-H", host, "-p", port], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
