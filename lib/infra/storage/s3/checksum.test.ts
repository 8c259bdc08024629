import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { ChecksumCheck, RunningChecksum, checksumAlgorithm } from "./checksum";
import { ChunkedBodyDecoder } from "./chunked-body";

// Check values: CRC-32 (IEEE) of "123456789" is 0xCBF43926 (the catalogue value every CRC-32 is tested against);
// SHA-1 and SHA-256 of "abc" are FIPS 180's examples.
const CHECK = Buffer.from("123456789");
const CRC32_CHECK = Buffer.from([0xcb, 0xf4, 0x39, 0x26]).toString("base64");
const SHA1_ABC = Buffer.from("a9993e364706816aba3e25717850c26c9cd0d89d", "hex").toString("base64");
const SHA256_ABC = Buffer.from("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "hex").toString(
  "base64",
);

const checksumOf = (algorithm: "crc32" | "sha1" | "sha256", pieces: Buffer[], expected: string) => {
  const running = new RunningChecksum(algorithm);
  for (const piece of pieces) running.update(piece);
  return () => running.verify(expected);
};

async function drain(stream: Readable): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const chunk of stream) out.push(chunk as Buffer);
  return Buffer.concat(out);
}

describe("flexible checksums (x-amz-checksum-*)", () => {
  it("computes S3's encodings, across pieces, and refuses a mismatch with BadDigest", () => {
    expect(checksumOf("crc32", [CHECK.subarray(0, 4), CHECK.subarray(4)], CRC32_CHECK)).not.toThrow();
    expect(checksumOf("sha1", [Buffer.from("ab"), Buffer.from("c")], SHA1_ABC)).not.toThrow();
    expect(checksumOf("sha256", [Buffer.from("abc")], SHA256_ABC)).not.toThrow();
    expect(checksumOf("crc32", [CHECK], "AAAAAA==")).toThrow(expect.objectContaining({ code: "BadDigest" }));
    expect(checksumAlgorithm("x-amz-checksum-crc32")).toBe("crc32");
    expect(checksumAlgorithm("x-amz-checksum-crc32c")).toBeUndefined(); // not computable here: accepted unchecked
  });

  it("checks a plain body against its header, failing the stream on a mismatch", async () => {
    expect(await drain(Readable.from([CHECK]).pipe(new ChecksumCheck("crc32", CRC32_CHECK)))).toEqual(CHECK);
    await expect(drain(Readable.from([CHECK]).pipe(new ChecksumCheck("crc32", "AAAAAA==")))).rejects.toMatchObject({
      code: "BadDigest",
    });
  });

  it("checks an unsigned aws-chunked body against the checksum in its trailer", async () => {
    const body = (value: string) =>
      Buffer.from(`4\r\n1234\r\n5\r\n56789\r\n0\r\nx-amz-checksum-crc32:${value}\r\n\r\n`);
    const decoder = () =>
      new ChunkedBodyDecoder(
        {
          signed: false,
          trailer: true,
          seed: "",
          key: Buffer.alloc(0),
          scope: { date: "", region: "", service: "" },
          amzDate: "",
        },
        "crc32",
      );
    expect(await drain(Readable.from([body(CRC32_CHECK)]).pipe(decoder()))).toEqual(CHECK);
    await expect(drain(Readable.from([body("AAAAAA==")]).pipe(decoder()))).rejects.toMatchObject({ code: "BadDigest" });
    await expect(drain(Readable.from([Buffer.from("4\r\n1234\r\n0\r\n\r\n")]).pipe(decoder()))).rejects.toMatchObject({
      code: "IncompleteBody",
    });
  });
});
