import net from "node:net";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { resolveFromRoot } from "@/lib/paths";

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const onOff = (fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(["on", "off", "true", "false", "1", "0", "yes", "no"]))
    .transform((v) => ["on", "true", "1", "yes"].includes(v))
    .default(fallback);
/** "256x256x256", "3000 × 1500", "300,200": positive millimetre sizes. */
const sizes = (axes: number, fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((raw, ctx) => {
      const parts = raw
        .trim()
        .split(/\s*[x×,]\s*/i)
        .map(Number);
      if (parts.length !== axes || parts.some((n) => !Number.isFinite(n) || n <= 0)) {
        ctx.addIssue({ code: "custom", message: `must be ${axes} positive millimetre sizes like ${fallback}` });
        return z.NEVER;
      }
      return parts;
    });
const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/**
 * Every setting read from the environment, in one place, validated (a bad value stops the server at start with
 * its name: instrumentation.ts calls config() first). Nothing else reads process.env, except lib/paths.ts
 * (BENGKEL_ROOT, which this module itself needs) and next-auth's own variables.
 */
const schema = z.object({
  DATABASE_URL: z.string().min(1).default("file:data/bengkel.db"),
  /** PostgreSQL only: connections per app instance. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Secrets, blobs, display caches, mail, buckets. */
  DATA_DIR: z.string().min(1).optional(),
  UPLOAD_LIMIT_FREE_MB: z.coerce.number().positive().default(25),
  UPLOAD_LIMIT_PAID_MB: z.coerce.number().positive().default(200),
  NEXTAUTH_SECRET: z.string().min(1).optional(),
  /** The origin links handed out (embed URLs) are built on; falls back to NEXTAUTH_URL, then to the request. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  NEXTAUTH_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Trust X-Forwarded-Proto/-Host (only behind a proxy that sets them). */
  TRUST_PROXY: onOff(false),
  PRINTER_VOLUME_MM: sizes(3, "256x256x256"),
  LASER_BED_MM: sizes(2, "3000x1500"),
  WEBHOOK_WORKER: onOff(true),
  WEBHOOK_RETENTION_DAYS: z.coerce.number().int().nonnegative().default(30),
  WEBHOOK_ALLOW_PRIVATE: onOff(false),
  DNS_ENABLED: onOff(true),
  DNS_HOST: z.string().min(1).default("127.0.0.1"),
  DNS_PORT: port(5353),
  DNS_NAMESERVERS: z
    .string()
    .default("ns1.bengkel.test,ns2.bengkel.test")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /** Zones start `pending` until their owner proves control (delegation or TXT); `off` trusts every workspace. */
  DNS_ZONE_VERIFICATION: onOff(true),
  /** Recursive resolvers ("ip" or "ip:port", comma-separated) zone verification asks; unset: the system's. */
  DNS_VERIFY_RESOLVERS: z
    .string()
    .default("")
    .transform((raw, ctx) => {
      const servers = raw
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      // What node's Resolver.setServers takes: an address, "ipv4:port" or "[ipv6]:port".
      const address = /^(?:\[(?<v6>[0-9a-f:.]+)\]|(?<v4>[0-9.]+))(?::\d{1,5})?$/i;
      if (
        servers.some(
          (s) => !net.isIP(s) && !net.isIP(s.match(address)?.groups?.[s.startsWith("[") ? "v6" : "v4"] ?? ""),
        )
      ) {
        ctx.addIssue({
          code: "custom",
          message: "must be IP addresses, optionally with a port: 192.0.2.53,[2001:db8::53]:53",
        });
        return z.NEVER;
      }
      return servers;
    }),
  /** RFC 6761 §6.2: `.test` names are refused unless the administrator allows them (local setups, tests). */
  DNS_ALLOW_TEST_ZONES: onOff(false),
  /** Who answers DNS queries: the embedded server, or PowerDNS Authoritative fed through its HTTP API. */
  DNS_BACKEND: z.enum(["embedded", "powerdns"]).default("embedded"),
  PDNS_API_URL: z.url({ protocol: /^https?$/ }).default("http://127.0.0.1:8081"),
  PDNS_API_KEY: z.string().min(1).optional(),
  PDNS_SERVER_ID: z.string().min(1).default("localhost"),
  SMTP_ENABLED: onOff(true),
  SMTP_HOST: z.string().min(1).default("127.0.0.1"),
  SMTP_PORT: port(2525),
  SMTP_HOSTNAME: z.string().min(1).default("mail.bengkel.test"),
  /** Dovecot beside the app (IMAP and POP3 on the same maildirs), when it is installed. */
  IMAP_ENABLED: onOff(true),
  IMAP_HOST: z.string().min(1).default("127.0.0.1"),
  IMAP_PORT: port(1143),
  POP3_PORT: port(1110),
  DOVECOT_PATH: z.string().min(1).default("/usr/sbin/dovecot"),
  /** PEM certificate and key for STARTTLS on IMAP/POP3; unset → SMTP's pair (configured or self-signed). */
  IMAP_TLS_CERT: z.string().min(1).optional(),
  IMAP_TLS_KEY: z.string().min(1).optional(),
  /** Mail submission (RFC 6409) on SMTP_HOST: STARTTLS, then AUTH; 587 in production. */
  SMTP_SUBMISSION_ENABLED: onOff(true),
  SMTP_SUBMISSION_PORT: port(1587),
  /** PEM files STARTTLS offers; unset → a self-signed pair made once into DATA_DIR/tls/. */
  SMTP_TLS_CERT: z.string().min(1).optional(),
  SMTP_TLS_KEY: z.string().min(1).optional(),
  /** smtp(s)://[user:password@]host[:port] that submitted mail for other domains is handed to; unset → refused (5.7.1). */
  SMTP_SMARTHOST: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The S3-compatible endpoint for the workspaces' buckets (its own HTTP server). */
  S3_ENABLED: onOff(true),
  S3_HOST: z.string().min(1).default("127.0.0.1"),
  S3_PORT: port(9000),
  /** The region S3 clients sign for; a signature for another region is refused. */
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/)
    .default("us-east-1"),
  /** Set to serve virtual-host style requests, `<bucket>.<S3_DOMAIN>`, besides path-style ones. */
  S3_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+$/)
    .optional(),
  /** Where uploaded files and display caches live: DATA_DIR (`local`) or an S3-compatible bucket (`s3`). */
  BLOB_STORE: z.enum(["local", "s3"]).default("local"),
  /** The S3 API's base URL (MinIO, Bengkel's own endpoint…); unset → AWS for BLOB_S3_REGION. */
  BLOB_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  BLOB_S3_BUCKET: z.string().trim().min(1).optional(),
  BLOB_S3_REGION: z.string().trim().min(1).default("us-east-1"),
  /** Unset → the AWS SDK's own chain (AWS_* variables, shared files, instance role). */
  BLOB_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  BLOB_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `bucket` in the path instead of the host name: MinIO and Bengkel's endpoint without S3_DOMAIN need it. */
  BLOB_S3_FORCE_PATH_STYLE: onOff(false),
  /** Prepended to every key (`blobs/<sha256>`, `display/<version>.glb`), so one bucket can hold several deployments. */
  BLOB_S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9!_.*'()\/-]*$/, "must be a plain key prefix like bengkel/")
    .refine((v) => !v.startsWith("/"), "must not start with /")
    .default(""),
  VPS_TICKER: onOff(true),
  VPS_LOCAL_SPEED: z.coerce.number().positive().default(1),
  /** Worker processes that analyse uploads; the HTTP/DNS/SMTP thread never does. */
  ANALYSIS_WORKERS: positiveInt(Math.max(1, os.availableParallelism())),
  /** Wall time per analysis job, seconds; past it the child is killed (422 analysis_timeout). */
  ANALYSIS_TIMEOUT_S: z.coerce.number().positive().default(60),
  /** V8 heap per analysis child, MB; past it the child dies and is replaced (422 analysis_too_large). */
  ANALYSIS_MEMORY_MB: positiveInt(1536),
  /** Jobs allowed to wait for a child; more → 503 busy with Retry-After. */
  ANALYSIS_QUEUE: z.coerce.number().int().nonnegative().default(16),
  /** A new analysis child runs the laser engine on a small drawing while idle, so its first upload meets optimised code. */
  ANALYSIS_WARM_UP: onOff(true),
  /** Slice each new 3D version for the layer estimator in the background, so its first quote is instant. */
  PRINT_ESTIMATE_ON_UPLOAD: onOff(true),
  /** The real slicer (precise mode): PrusaSlicer's console binary; off, or not installed, leaves the layer estimates. */
  SLICER_ENABLED: onOff(true),
  SLICER_PATH: z.string().min(1).default("/usr/bin/prusa-slicer"),
  /** Per slicer run: wall time (s) and address-space limit (MB); past either it is killed and the instant estimate stands. */
  SLICER_TIMEOUT_S: z.coerce.number().positive().default(300),
  SLICER_MEMORY_MB: positiveInt(4096),
  /** Infill levels each new version is sliced at (quotes between two levels interpolate). */
  SLICER_INFILL_LEVELS: z
    .string()
    .default("10,20,40")
    .transform((raw, ctx) => {
      const levels = raw.split(",").map((v) => Number(v.trim()));
      if (levels.length === 0 || levels.some((n) => !Number.isInteger(n) || n < 0 || n > 100)) {
        ctx.addIssue({ code: "custom", message: "must be whole percentages like 10,20,40" });
        return z.NEVER;
      }
      return [...new Set(levels)].sort((a, b) => a - b);
    }),
  /** Largest JSON request body, KB (413 before it is read whole). */
  JSON_BODY_LIMIT_KB: positiveInt(1024),
  LLM_BASE_URL: z.url().optional(),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_API_KEY: z.string().min(1).optional(),
});

/** Settings that only make sense together. */
const checked = schema.superRefine((c, ctx) => {
  if (c.BLOB_STORE === "s3" && !c.BLOB_S3_BUCKET) {
    ctx.addIssue({ code: "custom", path: ["BLOB_S3_BUCKET"], message: "is required when BLOB_STORE=s3" });
  }
  if (!c.BLOB_S3_ACCESS_KEY_ID !== !c.BLOB_S3_SECRET_ACCESS_KEY) {
    ctx.addIssue({
      code: "custom",
      path: ["BLOB_S3_SECRET_ACCESS_KEY"],
      message: "must be set together with BLOB_S3_ACCESS_KEY_ID",
    });
  }
});

export type Config = z.output<typeof schema>;

export class ConfigError extends Error {}

export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  const set = Object.fromEntries(
    Object.entries(env).filter(([name, value]) => name in schema.shape && value !== undefined && value !== ""),
  );
  const result = checked.safeParse(set);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ConfigError(`Invalid setting ${issue.path.join(".")}: ${issue.message}`);
  }
  return result.data;
}

/** Every setting name, for the README check (test/readme-config.test.ts). */
export const CONFIG_NAMES = Object.keys(schema.shape);
const NAMES = CONFIG_NAMES;
/** Under Vitest, tests point DATA_DIR and friends elsewhere between cases; a server's environment never changes. */
const ENV_MAY_CHANGE = process.env.VITEST !== undefined;
const globalForConfig = globalThis as unknown as { bengkelConfig?: Config; bengkelConfigKey?: string };

/** The process's settings, parsed once (under Vitest, again whenever the environment changed). */
export function config(): Config {
  if (globalForConfig.bengkelConfig && !ENV_MAY_CHANGE) return globalForConfig.bengkelConfig;
  const key = NAMES.map((name) => process.env[name] ?? "").join("\u0000");
  if (!globalForConfig.bengkelConfig || globalForConfig.bengkelConfigKey !== key) {
    globalForConfig.bengkelConfig = readConfig();
    globalForConfig.bengkelConfigKey = key;
  }
  return globalForConfig.bengkelConfig;
}

export const jsonBodyLimitBytes = (): number => config().JSON_BODY_LIMIT_KB * 1024;

/** DATA_DIR, or data/ in the project. */
export const dataDir = (): string => config().DATA_DIR ?? resolveFromRoot("data");
export const dataPath = (...segments: string[]): string => path.join(/*turbopackIgnore: true*/ dataDir(), ...segments);
