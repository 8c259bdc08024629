import fs from "node:fs";
import path from "node:path";
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { seedWorkspace } from "@/test/helpers/test-db";
import { createProfile, REGION, withTestS3, type TestS3 } from "@/test/helpers/s3";
import type { Db } from "@/lib/db/client";

// rclone, an S3 client written apart from AWS's: `check` compares every file's MD5 with the ETag we serve.
let db: Db;
let dir: string;
let s3: TestS3["s3"];
withTestS3((env) => ({ db, dir, s3 } = env));

function rclone(config: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) =>
    execFile(
      "/usr/bin/rclone",
      ["--config", config, ...args],
      { env: { NODE_ENV: "test", PATH: "/usr/bin:/bin", HOME: dir } },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    ),
  );
}

describe("rclone against the endpoint", () => {
  it("mkdir, copy (multipart past its cutoff), check by MD5, ls, cat, delete, rmdir", async () => {
    const { workspace } = await seedWorkspace(db);
    const me = await createProfile(db, workspace.id);
    const config = path.join(dir, "rclone.conf");
    fs.writeFileSync(
      config,
      [
        "[bk]",
        "type = s3",
        "provider = Other",
        `access_key_id = ${me.accessKeyId}`,
        `secret_access_key = ${me.secret}`,
        `endpoint = ${s3.endpoint}`,
        `region = ${REGION}`,
        "",
      ].join("\n"),
    );
    const src = path.join(dir, "src");
    fs.mkdirSync(path.join(src, "nested"), { recursive: true });
    const files: Record<string, Buffer> = {
      "notes.txt": Buffer.from("rclone was here\n"),
      "nested/part.stl": randomBytes(70_000),
      "nested/large.bin": randomBytes(12 * 1024 * 1024),
    };
    for (const [rel, bytes] of Object.entries(files)) fs.writeFileSync(path.join(src, rel), bytes);

    expect((await rclone(config, "mkdir", "bk:rclone-bucket")).code).toBe(0);
    // A 5 MiB cutoff and chunk size make large.bin a 3-part multipart upload.
    const copied = await rclone(
      config,
      "copy",
      src,
      "bk:rclone-bucket/set",
      "--s3-upload-cutoff",
      "5M",
      "--s3-chunk-size",
      "5M",
    );
    expect(copied).toMatchObject({ code: 0 });
    const check = await rclone(config, "check", src, "bk:rclone-bucket/set");
    expect(check.code).toBe(0);
    expect(check.stderr).toMatch(/0 differences found/);

    const listing = await rclone(config, "ls", "bk:rclone-bucket");
    const sizes = Object.fromEntries(
      listing.stdout
        .trim()
        .split("\n")
        .map((line) => line.trim().split(/\s+/).reverse() as [string, string]),
    );
    expect(sizes).toEqual(
      Object.fromEntries(Object.entries(files).map(([rel, bytes]) => [`set/${rel}`, String(bytes.length)])),
    );
    expect((await rclone(config, "cat", "bk:rclone-bucket/set/notes.txt")).stdout).toBe("rclone was here\n");
    const down = path.join(dir, "down");
    expect((await rclone(config, "copy", "bk:rclone-bucket/set", down)).code).toBe(0);
    const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
    for (const [rel, bytes] of Object.entries(files))
      expect(sha(fs.readFileSync(path.join(down, rel))), rel).toBe(sha(bytes));

    expect((await rclone(config, "purge", "bk:rclone-bucket")).code).toBe(0);
    expect((await rclone(config, "lsd", "bk:")).stdout).not.toContain("rclone-bucket");
  }, 120_000);
});
