import { readFileSync } from "node:fs";

/** A process's resident memory in MB (Linux /proc), or null once it is gone. Heap flags miss WebAssembly and buffers; this does not. */
export function residentMb(pid: number): number | null {
  try {
    const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)\s+kB/);
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}
