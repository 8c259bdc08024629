import fs from "node:fs";
import path from "node:path";
import { execFile } from "node:child_process";
import type { Db } from "@/lib/db/client";
import { createStorageCredential, type CredentialInput } from "@/lib/infra/storage/storage-credentials";
import { startS3Server } from "@/lib/infra/storage/s3/s3-server";
import type { RunningServer } from "@/lib/infra/dns/dns-server";
import { afterAll, beforeAll } from "vitest";
import { useTestDb } from "./test-db";

/** Debian's awscli, not the pyenv shim first on some PATHs. */
export const AWS_BIN = "/usr/bin/aws";
export const REGION = "us-east-1";

export async function startTestS3(db: Db): Promise<{ server: RunningServer; endpoint: string }> {
  const server = await startS3Server(db, { host: "127.0.0.1", port: 0, region: REGION });
  return { server, endpoint: `http://127.0.0.1:${server.port}` };
}

export interface TestS3 {
  db: Db;
  dir: string;
  s3: { server: RunningServer; endpoint: string };
}

/**
 * For a test file: a migrated database with DATA_DIR in its temp folder and the S3 endpoint on a free loopback
 * port, stopped and removed after the file. `ready` gets them once started (the file keeps its own variables).
 */
export function withTestS3(ready: (env: TestS3) => unknown): void {
  let env: TestS3 | undefined;
  beforeAll(async () => {
    const { db, dir } = await useTestDb();
    process.env.DATA_DIR = dir;
    env = { db, dir, s3: await startTestS3(db) };
    await ready(env);
  });
  afterAll(async () => {
    await env?.s3.server.stop();
    if (env) fs.rmSync(env.dir, { recursive: true, force: true });
  });
}

export interface AwsProfile {
  accessKeyId: string;
  secret: string;
}

export async function createProfile(
  db: Db,
  workspaceId: string,
  input: Partial<CredentialInput> = {},
): Promise<AwsProfile> {
  const { row, secret } = await createStorageCredential(db, workspaceId, { name: "test", ...input });
  return { accessKeyId: row.accessKeyId, secret };
}

/**
 * Runs the real aws CLI against the endpoint with its own config files in `dir` (never the user's), returning
 * its exit code, stdout and stderr.
 */
export function runAws(
  dir: string,
  endpoint: string,
  profile: AwsProfile,
  args: string[],
  extraConfig = "",
): Promise<{ code: number; stdout: string; stderr: string }> {
  fs.mkdirSync(dir, { recursive: true });
  const credentials = path.join(dir, "aws-credentials");
  const config = path.join(dir, "aws-config");
  fs.writeFileSync(
    credentials,
    `[default]\naws_access_key_id = ${profile.accessKeyId}\naws_secret_access_key = ${profile.secret}\n`,
  );
  fs.writeFileSync(config, `[default]\nregion = ${REGION}\n${extraConfig}`);
  return new Promise((resolve) => {
    execFile(
      AWS_BIN,
      [...args, "--endpoint-url", endpoint],
      {
        env: {
          NODE_ENV: "test",
          PATH: "/usr/bin:/bin",
          HOME: dir,
          AWS_CONFIG_FILE: config,
          AWS_SHARED_CREDENTIALS_FILE: credentials,
          AWS_EC2_METADATA_DISABLED: "true",
          AWS_PAGER: "",
        },
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
