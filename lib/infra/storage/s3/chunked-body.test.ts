import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { ChunkedBodyDecoder } from "./chunked-body";
import { signingKey } from "./sigv4";

// AWS's worked example of a signed streaming upload ("Signature Calculations for the Authorization Header:
// Transferring Payload in Multiple Chunks"): 66560 bytes of "a" in a 65536-byte and a 1024-byte chunk; the
// signatures below are the ones AWS publishes for it.
const SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
const scope = { date: "20130524", region: "us-east-1", service: "s3" };
const SEED = "4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9";
const SIGNATURES = [
  "ad80c730a21e5b8d04586a2213dd63b9a0e99e0e2307b0ade35a65485a288648",
  "0055627c9e194cb4542bae2aa5492e3c1575bbb81b612b7d234b86a503ef5497",
  "b6c6ea8a5354eaf15b3cb7646744f4275b71ea724fed81ceb9323e279d449df9",
];

function encoded(sizes: number[], signatures: string[]): Buffer {
  const parts = [...sizes, 0].map((size, i) =>
    Buffer.concat([
      Buffer.from(`${size.toString(16)};chunk-signature=${signatures[i]}\r\n`),
      Buffer.alloc(size, "a"),
      Buffer.from("\r\n"),
    ]),
  );
  return Buffer.concat(parts);
}

async function decode(body: Buffer, pieceSize: number): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for (let at = 0; at < body.length; at += pieceSize) pieces.push(body.subarray(at, at + pieceSize));
  const decoder = new ChunkedBodyDecoder({
    signed: true,
    trailer: false,
    seed: SEED,
    key: signingKey(SECRET, scope),
    scope,
    amzDate: "20130524T000000Z",
  });
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(pieces).pipe(decoder)) out.push(chunk as Buffer);
  return Buffer.concat(out);
}

describe("aws-chunked decoding", () => {
  it.each([1, 7, 4096, 1 << 20])("verifies AWS's example chunk by chunk, fed %i bytes at a time", async (piece) => {
    expect(await decode(encoded([65536, 1024], SIGNATURES), piece)).toEqual(Buffer.alloc(66560, "a"));
  });

  it("fails on a changed byte, a reordered signature or a missing last chunk", async () => {
    const body = encoded([65536, 1024], SIGNATURES);
    const changed = Buffer.from(body);
    changed[200] = "b".charCodeAt(0);
    await expect(decode(changed, 4096)).rejects.toMatchObject({ code: "SignatureDoesNotMatch" });
    await expect(
      decode(encoded([65536, 1024], [SIGNATURES[1], SIGNATURES[0], SIGNATURES[2]]), 4096),
    ).rejects.toMatchObject({
      code: "SignatureDoesNotMatch",
    });
    await expect(decode(body.subarray(0, body.length - 90), 4096)).rejects.toMatchObject({ code: "IncompleteBody" });
  });
});
