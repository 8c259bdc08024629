import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { S3Client } from "@aws-sdk/client-s3";

/** s3rver's fixed credentials (it checks signatures made with them). */
export const S3RVER_KEY = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface TestS3rver {
  endpoint: string;
  bucket: string;
  client: S3Client;
  stop(): Promise<void>;
}

/** An independent S3 implementation (s3rver) on a free loopback port, keeping its objects in a temp folder. */
export async function startS3rver(bucket = "bengkel-blobs"): Promise<TestS3rver> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  // eslint-disable-next-line no-restricted-syntax -- s3rver's own run(), not a database query
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = testS3Client(endpoint, S3RVER_KEY);
  return {
    endpoint,
    bucket,
    client,
    stop: async () => {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A client as s3ClientFromConfig builds it, for the tests' own endpoints (path-style, no optional checksums). */
export function testS3Client(endpoint: string, credentials: { accessKeyId: string; secretAccessKey: string }) {
  return new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}
