import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { storageObjects } from "@/db/schema";
import { seedWorkspace } from "@/test/helpers/test-db";
import { createProfile, REGION, withTestS3, type TestS3, type AwsProfile } from "@/test/helpers/s3";
import type { Db } from "@/lib/db/client";

// AWS's own JavaScript SDK as the client: its signer, its XML parser, its error codes.
let db: Db;
let dir: string;
let s3: TestS3["s3"];
let client: S3Client;
withTestS3(async (env) => {
  ({ db, dir, s3 } = env);
  const { workspace } = await seedWorkspace(db);
  client = sdk(await createProfile(db, workspace.id));
  await client.send(new CreateBucketCommand({ Bucket: "sdk-bucket" }));
});
afterAll(() => client.destroy());

const sdk = (profile: AwsProfile) =>
  new S3Client({
    endpoint: s3.endpoint,
    region: REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: profile.accessKeyId, secretAccessKey: profile.secret },
  });
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const bytesOf = async (body: unknown) =>
  Buffer.from(await (body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
const put = (Key: string, Body: Buffer | string, extra = {}) =>
  client.send(new PutObjectCommand({ Bucket: "sdk-bucket", Key, Body, ...extra }));
const s3Code = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return "no error";
  } catch (error) {
    // A 304 has no body to name an error: the SDK says "Unknown" with the status alongside.
    const { name, $metadata } = error as { name: string; $metadata?: { httpStatusCode?: number } };
    return $metadata?.httpStatusCode === 304 ? "304" : name;
  }
};

describe("@aws-sdk/client-s3 against the endpoint", () => {
  it("round-trips bytes with the MD5 ETag, metadata, ranges and conditional gets", async () => {
    const body = randomBytes(300_000);
    const stored = await put("models/bracket.stl", body, { ContentType: "model/stl", Metadata: { revision: "c" } });
    expect(stored.ETag).toBe(`"${createHash("md5").update(body).digest("hex")}"`);
    const got = await client.send(new GetObjectCommand({ Bucket: "sdk-bucket", Key: "models/bracket.stl" }));
    expect([sha256(await bytesOf(got.Body)), got.ContentType, got.Metadata]).toEqual([
      sha256(body),
      "model/stl",
      { revision: "c" },
    ]);
    const suffix = await client.send(
      new GetObjectCommand({ Bucket: "sdk-bucket", Key: "models/bracket.stl", Range: "bytes=-100" }),
    );
    expect(await bytesOf(suffix.Body)).toEqual(body.subarray(-100));
    expect(suffix.ContentRange).toBe(`bytes ${body.length - 100}-${body.length - 1}/${body.length}`);
    const outside = client.send(
      new GetObjectCommand({ Bucket: "sdk-bucket", Key: "models/bracket.stl", Range: `bytes=${body.length}-` }),
    );
    expect(await s3Code(outside)).toBe("InvalidRange");

    const cached = client.send(
      new GetObjectCommand({ Bucket: "sdk-bucket", Key: "models/bracket.stl", IfNoneMatch: stored.ETag }),
    );
    expect(await s3Code(cached)).toBe("304");
    const later = new Date(Date.now() + 60_000);
    const unchanged = client.send(
      new HeadObjectCommand({ Bucket: "sdk-bucket", Key: "models/bracket.stl", IfModifiedSince: later }),
    );
    expect(await s3Code(unchanged)).toBe("304");
    const mismatch = client.send(
      new GetObjectCommand({ Bucket: "sdk-bucket", Key: "models/bracket.stl", IfMatch: '"0"' }),
    );
    expect(await s3Code(mismatch)).toBe("PreconditionFailed");

    const copied = await client.send(
      new CopyObjectCommand({
        Bucket: "sdk-bucket",
        Key: "copies/bracket.stl",
        CopySource: "sdk-bucket/models/bracket.stl",
      }),
    );
    expect(copied.CopyObjectResult?.ETag).toBe(stored.ETag);
    const copy = await client.send(new GetObjectCommand({ Bucket: "sdk-bucket", Key: "copies/bracket.stl" }));
    expect([sha256(await bytesOf(copy.Body)), copy.Metadata]).toEqual([sha256(body), { revision: "c" }]);
  });

  it("lists with a delimiter, max-keys and continuation tokens, and deletes in bulk", async () => {
    const keys = ["list/a.txt", "list/b/1.txt", "list/b/2.txt", "list/c/1.txt", "list/d.txt", "list/é.txt"];
    for (const key of keys) await put(key, key);
    const pages: { keys: string[]; prefixes: string[] }[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: "sdk-bucket",
          Prefix: "list/",
          Delimiter: "/",
          MaxKeys: 2,
          ContinuationToken: token,
        }),
      );
      pages.push({
        keys: (page.Contents ?? []).map((o) => o.Key!),
        prefixes: (page.CommonPrefixes ?? []).map((p) => p.Prefix!),
      });
      token = page.NextContinuationToken;
    } while (token);
    // Keys and common prefixes both count against MaxKeys. S3's order is UTF-8 byte order: é (0xC3 0xA9) sorts after every ASCII letter.
    expect(pages).toEqual([
      { keys: ["list/a.txt"], prefixes: ["list/b/"] },
      { keys: ["list/d.txt"], prefixes: ["list/c/"] },
      { keys: ["list/é.txt"], prefixes: [] },
    ]);
    // The original ListObjects, resumed from NextMarker (a common prefix when the page ends on one), pages alike.
    const v1: typeof pages = [];
    let marker: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsCommand({ Bucket: "sdk-bucket", Prefix: "list/", Delimiter: "/", MaxKeys: 2, Marker: marker }),
      );
      v1.push({
        keys: (page.Contents ?? []).map((o) => o.Key!),
        prefixes: (page.CommonPrefixes ?? []).map((p) => p.Prefix!),
      });
      marker = page.IsTruncated ? page.NextMarker : undefined;
    } while (marker);
    expect(v1).toEqual(pages);
    const deleted = await client.send(
      new DeleteObjectsCommand({ Bucket: "sdk-bucket", Delete: { Objects: keys.map((Key) => ({ Key })) } }),
    );
    expect(deleted.Deleted?.map((d) => d.Key).sort()).toEqual([...keys].sort());
    const after = await client.send(new ListObjectsV2Command({ Bucket: "sdk-bucket", Prefix: "list/" }));
    expect(after.KeyCount).toBe(0);
  });

  it("a presigned PUT and GET, and an expired one refused", async () => {
    const putUrl = await getSignedUrl(client, new PutObjectCommand({ Bucket: "sdk-bucket", Key: "signed.txt" }), {
      expiresIn: 60,
    });
    expect((await fetch(putUrl, { method: "PUT", body: "by url" })).status).toBe(200);
    const getUrl = await getSignedUrl(client, new GetObjectCommand({ Bucket: "sdk-bucket", Key: "signed.txt" }), {
      expiresIn: 60,
    });
    expect(await (await fetch(getUrl)).text()).toBe("by url");
    const typed = (ResponseContentType: string) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket: "sdk-bucket", Key: "signed.txt", ResponseContentType }), {
        expiresIn: 60,
      });
    expect((await fetch(await typed("text/plain"))).headers.get("content-type")).toBe("text/plain");
    const injected = await fetch(await typed("text/plain\r\nSet-Cookie: a=b"));
    expect([injected.status, await injected.text()]).toEqual([400, expect.stringContaining("InvalidArgument")]);
    const old = await getSignedUrl(client, new GetObjectCommand({ Bucket: "sdk-bucket", Key: "signed.txt" }), {
      expiresIn: 60,
      signingDate: new Date(Date.now() - 120_000),
    });
    const expired = await fetch(old);
    expect([expired.status, await expired.text()]).toEqual([403, expect.stringContaining("Request has expired")]);
  });

  it("refuses bad keys, bad digests, small parts and malformed XML with S3's codes, leaving nothing", async () => {
    const before = (await db.select().from(storageObjects)).length;
    expect(await s3Code(put("a/../b.txt", "x"))).toBe("InvalidArgument");
    expect(await s3Code(put("nul\u0000key", "x"))).toBe("InvalidArgument");
    expect(await s3Code(put("k".repeat(1025), "x"))).toBe("KeyTooLongError");
    const wrongMd5 = createHash("md5").update("other").digest("base64");
    expect(await s3Code(put("digest.txt", "body", { ContentMD5: wrongMd5 }))).toBe("BadDigest");

    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket: "sdk-bucket", Key: "small-parts" }),
    );
    const part = (PartNumber: number, Body: Buffer) =>
      client.send(new UploadPartCommand({ Bucket: "sdk-bucket", Key: "small-parts", UploadId, PartNumber, Body }));
    const p1 = await part(1, randomBytes(1024));
    const p2 = await part(2, randomBytes(1024));
    const complete = (xml?: string) => {
      const command = new CompleteMultipartUploadCommand({
        Bucket: "sdk-bucket",
        Key: "small-parts",
        UploadId,
        MultipartUpload: {
          Parts: [
            { PartNumber: 1, ETag: p1.ETag },
            { PartNumber: 2, ETag: p2.ETag },
          ],
        },
      });
      if (xml !== undefined)
        // Swaps the body before the SDK signs the request, so only the XML is wrong.
        command.middlewareStack.add(
          (next) => async (args) => {
            const request = args.request as { body: string; headers: Record<string, string> };
            request.body = xml;
            request.headers["content-length"] = String(Buffer.byteLength(xml));
            delete request.headers["content-md5"];
            return next(args);
          },
          { step: "build", priority: "low" },
        );
      return client.send(command);
    };
    expect(await s3Code(complete())).toBe("EntityTooSmall");
    expect(await s3Code(complete("<CompleteMultipartUpload><Part><PartNumber>1</Part>"))).toBe("MalformedXML");
    expect(await s3Code(complete("<Other/>"))).toBe("MalformedXML");
    expect((await db.select().from(storageObjects)).length).toBe(before);
  });

  it("a body shorter than its Content-Length is never stored", async () => {
    const url = new URL(
      await getSignedUrl(client, new PutObjectCommand({ Bucket: "sdk-bucket", Key: "short.bin" }), { expiresIn: 60 }),
    );
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(url.port), url.hostname, () => {
        socket.write(`PUT ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Length: 1000\r\n\r\n`);
        socket.end(Buffer.alloc(400, 1)); // then hang up
      });
      socket.on("close", () => resolve());
      socket.on("error", () => resolve());
      socket.resume();
    });
    for (let i = 0; i < 50 && fs.readdirSync(path.join(dir, "tmp", "storage")).length > 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    const head = client.send(new HeadObjectCommand({ Bucket: "sdk-bucket", Key: "short.bin" }));
    expect(await s3Code(head)).toBe("NotFound");
    expect(fs.readdirSync(path.join(dir, "tmp", "storage"))).toEqual([]);
  });

  it("holds a workspace to its plan's quota: 10 GiB on solo_edge, parts in progress included", async () => {
    const { workspace } = await seedWorkspace(db, { infraPlan: "solo_edge" });
    const tight = sdk(await createProfile(db, workspace.id));
    await tight.send(new CreateBucketCommand({ Bucket: "quota-bucket" }));
    // Stands for 10 GiB less 100 bytes already stored (an index row; its bytes are never read).
    await db.insert(storageObjects).values({
      bucket: "quota-bucket",
      key: "filler",
      workspaceId: workspace.id,
      blob: "filler",
      sizeBytes: 10 * 1024 ** 3 - 100,
      etag: "0",
      contentType: "application/octet-stream",
      modifiedAt: new Date(),
    });
    const putTight = (Key: string, bytes: number) =>
      tight.send(new PutObjectCommand({ Bucket: "quota-bucket", Key, Body: Buffer.alloc(bytes) }));
    expect(await s3Code(putTight("over", 101))).toBe("QuotaExceeded");
    expect(await s3Code(putTight("fits", 60))).toBe("no error");
    // Overwriting frees what it replaces: 60 → 100 bytes fits exactly.
    expect(await s3Code(putTight("fits", 100))).toBe("no error");
    const { UploadId } = await tight.send(new CreateMultipartUploadCommand({ Bucket: "quota-bucket", Key: "mp" }));
    const part = tight.send(
      new UploadPartCommand({ Bucket: "quota-bucket", Key: "mp", UploadId, PartNumber: 1, Body: Buffer.alloc(1) }),
    );
    expect(await s3Code(part)).toBe("QuotaExceeded");
    tight.destroy();
  });

  it("answers Expect: 100-continue only once the request is signed", async () => {
    const firstLine = (pathAndQuery: string) =>
      new Promise<string>((resolve, reject) => {
        const url = new URL(s3.endpoint);
        const socket = net.connect(Number(url.port), url.hostname, () =>
          socket.write(
            `PUT ${pathAndQuery} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n`,
          ),
        );
        socket.once("data", (chunk) => {
          socket.destroy();
          resolve(chunk.toString("latin1").split("\r\n")[0]);
        });
        socket.on("error", reject);
      });
    expect(await firstLine("/sdk-bucket/anonymous.txt")).toBe("HTTP/1.1 403 Forbidden");
    const url = new URL(
      await getSignedUrl(client, new PutObjectCommand({ Bucket: "sdk-bucket", Key: "continued.txt" }), {
        expiresIn: 60,
      }),
    );
    expect(await firstLine(`${url.pathname}${url.search}`)).toBe("HTTP/1.1 100 Continue");
  });

  it("streams a body of unknown length as aws-chunked with a checksum trailer", async () => {
    const body = randomBytes(200_000);
    await client.send(
      new PutObjectCommand({
        Bucket: "sdk-bucket",
        Key: "streamed.bin",
        Body: Readable.from([body]),
        ContentLength: body.length,
      }),
    );
    const got = await client.send(new GetObjectCommand({ Bucket: "sdk-bucket", Key: "streamed.bin" }));
    expect(sha256(await bytesOf(got.Body))).toBe(sha256(body));
  });

  it("refuses a body whose CRC32 is not the one the client sent (BadDigest), and keeps nothing", async () => {
    const body = randomBytes(50_000);
    const wrong = client.send(
      new PutObjectCommand({ Bucket: "sdk-bucket", Key: "crc.bin", Body: body, ChecksumCRC32: "AAAAAA==" }),
    );
    await expect(wrong).rejects.toMatchObject({ name: "BadDigest" });
    await expect(client.send(new HeadObjectCommand({ Bucket: "sdk-bucket", Key: "crc.bin" }))).rejects.toMatchObject({
      name: "NotFound",
    });
  });
});
