import { randomBytes, randomFillSync } from "node:crypto";

/** Every id prefix in one place, so an id says what it points to. */
export const ID_PREFIXES = {
  user: "usr",
  workspace: "ws",
  apiKey: "key",
  request: "req",
  file: "file",
  fileVersion: "ver",
  webhook: "wh",
  webhookEvent: "evt",
  webhookDelivery: "dlv",
  webhookAttempt: "att",
  quote: "qt",
  printEstimate: "pe",
  priceCatalog: "cat",
  statusEvent: "fse",
  vps: "vps",
  vpsAction: "act",
  mailbox: "mbx",
  outboundMail: "omsg",
  dnsZone: "zone",
  dnsRecord: "rec",
  idempotencyKey: "idem",
  viewerToken: "vtk",
  storageCredential: "s3c",
  storageUpload: "upl",
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

// Ids are made on every request (request id, quote id): drawing them from a pool
// refilled by the CSPRNG costs one system call per 4 KiB instead of one per id.
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function takeRandomBytes(length: number): Buffer {
  if (length > pool.length) return randomBytes(length);
  if (poolOffset + length > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += length;
  return pool.subarray(poolOffset - length, poolOffset);
}

/** base36 of 16 random bytes' worth of characters: 120+ bits, URL-safe, lower case. */
export function randomToken(length = 24): string {
  const bytes = takeRandomBytes(length);
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i] % ALPHABET.length];
  return out;
}

export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${randomToken()}`;
}
