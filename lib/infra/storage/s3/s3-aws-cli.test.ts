import fs from "node:fs";
import path from "node:path";
import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { storageObjects } from "@/db/schema";
import { seedWorkspace } from "@/test/helpers/test-db";
import { createProfile, runAws, withTestS3, type TestS3, type AwsProfile } from "@/test/helpers/s3";
import type { Db } from "@/lib/db/client";

// Debian's awscli drives the endpoint as a customer would; the expectations are the CLI's own output, the bytes'
// SHA-256 and S3's documented formats (the multipart ETag is computed here from the parts' MD5s).
let db: Db;
let dir: string;
let s3: TestS3["s3"];
withTestS3((env) => ({ db, dir, s3 } = env));

const sha256 = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");
const md5 = (bytes: Buffer) => createHash("md5").update(bytes).digest();
const aws = (profile: AwsProfile, ...args: string[]) => runAws(path.join(dir, "aws"), s3.endpoint, profile, args);
const json = (out: { stdout: string }) => JSON.parse(out.stdout);

function writeFile(rel: string, bytes: Buffer): string {
  const file = path.join(dir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  return file;
}

describe("aws s3 against the endpoint", () => {
  it("mb, cp up and down (multipart past 8 MB), ls with prefixes, sync, presign, rm, rb", async () => {
    const { workspace } = await seedWorkspace(db);
    const me = await createProfile(db, workspace.id);
    expect((await aws(me, "s3", "mb", "s3://cli-bucket")).stdout).toContain("make_bucket: cli-bucket");

    // 20 MiB: the CLI's 8 MiB threshold makes this a 3-part multipart upload.
    const big = writeFile("up/big.bin", randomBytes(20 * 1024 * 1024));
    expect((await aws(me, "s3", "cp", big, "s3://cli-bucket/data/big.bin")).code).toBe(0);
    const stored = (await db.select().from(storageObjects).where(eq(storageObjects.key, "data/big.bin")).limit(1))[0]!;
    expect(stored.etag).toMatch(/-3$/);
    const down = path.join(dir, "down", "big.bin");
    expect((await aws(me, "s3", "cp", "s3://cli-bucket/data/big.bin", down)).code).toBe(0);
    expect(sha256(down)).toBe(sha256(big));
    // Between buckets past 8 MB the CLI copies by parts cut from the source (UploadPartCopy).
    const copied = await aws(me, "s3", "cp", "s3://cli-bucket/data/big.bin", "s3://cli-bucket/copy/big.bin");
    expect(copied.stderr).toBe("");
    const copy = (await db.select().from(storageObjects).where(eq(storageObjects.key, "copy/big.bin")).limit(1))[0]!;
    expect(copy.sizeBytes).toBe(20 * 1024 * 1024);
    expect(sha256(path.join(dir, "buckets", "cli-bucket", copy.blob))).toBe(sha256(big));

    const tree = path.join(dir, "tree");
    writeFile("tree/readme.txt", Buffer.from("read me"));
    writeFile("tree/parts/a.stl", randomBytes(1000));
    writeFile("tree/parts/deep/b.stl", randomBytes(2000));
    // S3 keeps LastModified to the second; files older than that second make the second sync's comparison exact.
    const past = new Date(Date.now() - 60_000);
    for (const rel of ["readme.txt", "parts/a.stl", "parts/deep/b.stl"])
      fs.utimesSync(path.join(tree, rel), past, past);
    expect((await aws(me, "s3", "sync", tree, "s3://cli-bucket/tree")).code).toBe(0);
    // A second sync finds nothing to send: sizes and times match what it uploaded.
    const again = await aws(me, "s3", "sync", tree, "s3://cli-bucket/tree");
    expect([again.code, again.stdout]).toEqual([0, ""]);

    const top = await aws(me, "s3", "ls", "s3://cli-bucket/tree/");
    expect(top.stdout).toMatch(/PRE parts\/\n/);
    expect(top.stdout).toMatch(/\s7 readme\.txt\n/);
    const all = await aws(me, "s3", "ls", "--recursive", "s3://cli-bucket/");
    expect(
      all.stdout
        .trim()
        .split("\n")
        .map((l) => l.split(/\s+/).pop()),
    ).toEqual(["copy/big.bin", "data/big.bin", "tree/parts/a.stl", "tree/parts/deep/b.stl", "tree/readme.txt"]);
    expect((await aws(me, "s3", "ls")).stdout).toMatch(/ cli-bucket\n$/);

    const url = (await aws(me, "s3", "presign", "s3://cli-bucket/tree/readme.txt", "--expires-in", "60")).stdout.trim();
    const fetched = await fetch(url);
    expect([fetched.status, await fetched.text()]).toEqual([200, "read me"]);
    const tampered = await fetch(url.replace("readme.txt", "parts/a.stl"));
    expect([tampered.status, await tampered.text()]).toEqual([403, expect.stringContaining("SignatureDoesNotMatch")]);
    const shortLived = (await aws(me, "s3", "presign", "s3://cli-bucket/tree/readme.txt", "--expires-in", "1")).stdout;
    await new Promise((r) => setTimeout(r, 2100));
    const expired = await fetch(shortLived.trim());
    expect([expired.status, await expired.text()]).toEqual([
      403,
      expect.stringMatching(/AccessDenied.*Request has expired/s),
    ]);

    const notEmpty = await aws(me, "s3", "rb", "s3://cli-bucket");
    expect(notEmpty.stderr).toContain("BucketNotEmpty");
    expect((await aws(me, "s3", "rm", "--recursive", "s3://cli-bucket/")).code).toBe(0);
    expect((await aws(me, "s3", "rb", "s3://cli-bucket")).stdout).toContain("remove_bucket: cli-bucket");
    // Nothing left on disk: every blob went with its object, the multipart parts with their upload.
    expect(fs.readdirSync(path.join(dir, "buckets"))).toEqual([]);
    expect(fs.readdirSync(path.join(dir, "tmp", "multipart"))).toEqual([]);
  }, 180_000);

  it("s3api multipart: create, upload-part, list-parts, complete with S3's ETag, ranged get, metadata", async () => {
    const { workspace } = await seedWorkspace(db);
    const me = await createProfile(db, workspace.id);
    await aws(me, "s3api", "create-bucket", "--bucket", "parts-bucket");
    const created = json(
      await aws(
        me,
        "s3api",
        "create-multipart-upload",
        "--bucket",
        "parts-bucket",
        "--key",
        "joined.bin",
        "--content-type",
        "model/stl",
        "--metadata",
        "customer=acme,order=42",
      ),
    );
    const one = randomBytes(5 * 1024 * 1024);
    const two = randomBytes(1234);
    const upload = (n: number, bytes: Buffer) =>
      aws(
        me,
        "s3api",
        "upload-part",
        "--bucket",
        "parts-bucket",
        "--key",
        "joined.bin",
        "--upload-id",
        created.UploadId,
        "--part-number",
        String(n),
        "--body",
        writeFile(`part${n}`, bytes),
      );
    const e1 = json(await upload(1, one)).ETag;
    const e2 = json(await upload(2, two)).ETag;
    expect([e1, e2]).toEqual([`"${md5(one).toString("hex")}"`, `"${md5(two).toString("hex")}"`]);
    const listed = json(
      await aws(
        me,
        "s3api",
        "list-parts",
        "--bucket",
        "parts-bucket",
        "--key",
        "joined.bin",
        "--upload-id",
        created.UploadId,
      ),
    );
    expect(listed.Parts.map((p: { PartNumber: number; Size: number }) => [p.PartNumber, p.Size])).toEqual([
      [1, one.length],
      [2, two.length],
    ]);

    // Out of order: S3's InvalidPartOrder, and the upload is still there to complete properly.
    const parts = (list: [number, string][]) =>
      JSON.stringify({ Parts: list.map(([PartNumber, ETag]) => ({ PartNumber, ETag })) });
    const wrongOrder = await aws(
      me,
      "s3api",
      "complete-multipart-upload",
      "--bucket",
      "parts-bucket",
      "--key",
      "joined.bin",
      "--upload-id",
      created.UploadId,
      "--multipart-upload",
      parts([
        [2, e2],
        [1, e1],
      ]),
    );
    expect(wrongOrder.stderr).toContain("InvalidPartOrder");
    const done = json(
      await aws(
        me,
        "s3api",
        "complete-multipart-upload",
        "--bucket",
        "parts-bucket",
        "--key",
        "joined.bin",
        "--upload-id",
        created.UploadId,
        "--multipart-upload",
        parts([
          [1, e1],
          [2, e2],
        ]),
      ),
    );
    const expected = `"${createHash("md5")
      .update(Buffer.concat([md5(one), md5(two)]))
      .digest("hex")}-2"`;
    expect(done.ETag).toBe(expected);

    const head = json(await aws(me, "s3api", "head-object", "--bucket", "parts-bucket", "--key", "joined.bin"));
    expect(head).toMatchObject({
      ContentLength: one.length + two.length,
      ETag: expected,
      ContentType: "model/stl",
      Metadata: { customer: "acme", order: "42" },
    });
    const ranged = path.join(dir, "ranged.bin");
    const got = json(
      await aws(
        me,
        "s3api",
        "get-object",
        "--bucket",
        "parts-bucket",
        "--key",
        "joined.bin",
        "--range",
        `bytes=${one.length - 10}-${one.length + 9}`,
        ranged,
      ),
    );
    expect(got.ContentRange).toBe(`bytes ${one.length - 10}-${one.length + 9}/${one.length + two.length}`);
    expect(fs.readFileSync(ranged)).toEqual(Buffer.concat([one.subarray(-10), two.subarray(0, 10)]));

    // An aborted upload is gone, parts and all.
    const second = json(await aws(me, "s3api", "create-multipart-upload", "--bucket", "parts-bucket", "--key", "x"));
    const open = json(await aws(me, "s3api", "list-multipart-uploads", "--bucket", "parts-bucket"));
    expect(open.Uploads.map((u: { Key: string; UploadId: string }) => [u.Key, u.UploadId])).toEqual([
      ["x", second.UploadId],
    ]);
    await aws(
      me,
      "s3api",
      "abort-multipart-upload",
      "--bucket",
      "parts-bucket",
      "--key",
      "x",
      "--upload-id",
      second.UploadId,
    );
    const gone = await aws(
      me,
      "s3api",
      "list-parts",
      "--bucket",
      "parts-bucket",
      "--key",
      "x",
      "--upload-id",
      second.UploadId,
    );
    expect(gone.stderr).toContain("NoSuchUpload");
  }, 180_000);

  it("refuses a wrong secret, another workspace's bucket, a read-only write and another region", async () => {
    const { workspace } = await seedWorkspace(db);
    const { workspace: other } = await seedWorkspace(db);
    const me = await createProfile(db, workspace.id);
    const them = await createProfile(db, other.id);
    await aws(them, "s3", "mb", "s3://their-bucket");
    await aws(me, "s3", "mb", "s3://my-bucket");
    const file = writeFile("small.txt", Buffer.from("x"));

    const wrongSecret = await aws({ ...me, secret: `${me.secret.slice(0, -1)}Q` }, "s3", "ls", "s3://my-bucket");
    expect(wrongSecret.stderr).toContain("SignatureDoesNotMatch");
    const unknown = await aws({ ...me, accessKeyId: "BKAAAAAAAAAAAAAAAAAA" }, "s3", "ls", "s3://my-bucket");
    expect(unknown.stderr).toContain("InvalidAccessKeyId");
    const foreign = await aws(me, "s3", "ls", "s3://their-bucket");
    expect(foreign.stderr).toContain("NoSuchBucket");
    const taken = await aws(me, "s3api", "create-bucket", "--bucket", "their-bucket");
    expect(taken.stderr).toContain("BucketAlreadyExists");

    const reader = await createProfile(db, workspace.id, { read_only: true, buckets: ["my-bucket"] });
    expect((await aws(reader, "s3", "cp", file, "s3://my-bucket/small.txt")).stderr).toContain("AccessDenied");
    expect((await aws(me, "s3", "cp", file, "s3://my-bucket/small.txt")).code).toBe(0);
    expect((await aws(reader, "s3", "ls", "s3://my-bucket/")).stdout).toContain("small.txt");

    const elsewhere = await runAws(path.join(dir, "aws-eu"), s3.endpoint, me, [
      "s3",
      "ls",
      "s3://my-bucket",
      "--region",
      "eu-west-1",
    ]);
    expect(elsewhere.stderr).toContain("AuthorizationHeaderMalformed");
  }, 180_000);
});
