import os from "node:os";
import { z } from "zod";

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * Settings read from the environment, validated once. New settings go here; the
 * older ones still read in their own modules move here as they are touched.
 */
const schema = z.object({
  /** Worker threads that analyse uploads; the HTTP/DNS/SMTP thread never does. */
  ANALYSIS_WORKERS: positiveInt(Math.max(1, os.availableParallelism())),
  /** Wall time per analysis job, seconds; past it the worker is terminated (422 analysis_timeout). */
  ANALYSIS_TIMEOUT_S: z.coerce.number().positive().default(60),
  /** V8 heap per analysis worker, MB; past it the worker dies and is replaced (422 analysis_too_large). */
  ANALYSIS_MEMORY_MB: positiveInt(1536),
  /** Jobs allowed to wait for a worker; more → 503 busy with Retry-After. */
  ANALYSIS_QUEUE: z.coerce.number().int().nonnegative().default(16),
  /** Largest JSON request body, KB (413 before it is read whole). */
  JSON_BODY_LIMIT_KB: positiveInt(1024),
  /** The origin links handed out (embed URLs) are built on; falls back to NEXTAUTH_URL, then to the request. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  NEXTAUTH_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Trust X-Forwarded-Proto/-Host (only behind a proxy that sets them). */
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0", "on", "off"])
    .default("false")
    .transform((v) => ["true", "1", "on"].includes(v)),
});

export type Config = z.output<typeof schema>;

export class ConfigError extends Error {}

export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  const set = Object.fromEntries(Object.entries(env).filter(([name, value]) => name in schema.shape && value !== ""));
  const result = schema.safeParse(set);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ConfigError(`Invalid setting ${issue.path.join(".")}: ${issue.message}`);
  }
  return result.data;
}

const globalForConfig = globalThis as unknown as { bengkelConfig?: Config };

/** The process's settings; the server validates them at start (instrumentation.ts). */
export function config(): Config {
  globalForConfig.bengkelConfig ??= readConfig();
  return globalForConfig.bengkelConfig;
}

export const jsonBodyLimitBytes = (): number => config().JSON_BODY_LIMIT_KB * 1024;
