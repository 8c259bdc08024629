import type { VpsStatus } from "@/db/schema";
import { config } from "@/lib/config";

/** The statuses an instance passes through on its way to a settled one. */
export type TransitionalStatus = Extract<
  VpsStatus,
  "provisioning" | "rebooting" | "stopping" | "starting" | "deleting"
>;

export interface VpsProvider {
  readonly name: string;
  /** How many addresses the pool holds; index i ↦ one IPv4 and one IPv6 address. */
  readonly poolSize: number;
  addresses(index: number): { ipv4: string; ipv6: string };
  /** How long the instance stays in a transitional status. */
  durationMs(status: TransitionalStatus): number;
}

/** Roughly what a small cloud VM takes, at VPS_LOCAL_SPEED = 1. */
const BASE_MS: Record<TransitionalStatus, number> = {
  provisioning: 45_000,
  rebooting: 15_000,
  stopping: 10_000,
  starting: 12_000,
  deleting: 5_000,
};

const IPV4_BLOCKS = ["192.0.2", "198.51.100"]; // TEST-NET-1 and TEST-NET-2 (RFC 5737): never routed
const HOSTS_PER_BLOCK = 254;

/**
 * Runs nothing: it plays the lifecycle with realistic timings and hands out
 * documentation addresses (RFC 5737, RFC 3849), so nobody mistakes them for real.
 */
export const localProvider: VpsProvider = {
  name: "local",
  poolSize: IPV4_BLOCKS.length * HOSTS_PER_BLOCK,
  addresses(index) {
    const block = IPV4_BLOCKS[Math.floor(index / HOSTS_PER_BLOCK)];
    const host = (index % HOSTS_PER_BLOCK) + 1;
    return { ipv4: `${block}.${host}`, ipv6: `2001:db8:${(index + 1).toString(16)}::1` };
  },
  durationMs(status) {
    return Math.round(BASE_MS[status] / config().VPS_LOCAL_SPEED);
  },
};

export function getVpsProvider(): VpsProvider {
  return localProvider;
}
