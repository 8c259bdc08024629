import http from "node:http";
import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SignatureV4 } from "@smithy/signature-v4";
import { seedWorkspace } from "@/test/helpers/test-db";
import { createProfile, REGION, withTestS3, type TestS3, type AwsProfile } from "@/test/helpers/s3";
import type { Db } from "@/lib/db/client";
import { createBucket } from "../manage-buckets";
import { putObject } from "../manage-objects";
import { startS3Server } from "./s3-server";

// Requests signed by AWS's own SigV4 signer (the one inside the SDK), bent one way at a time.
let db: Db;
let s3: TestS3["s3"];
let me: AwsProfile;
withTestS3(async (env) => {
  ({ db, s3 } = env);
  me = await createProfile(db, (await seedWorkspace(db)).workspace.id);
});

const bytes = (data: string | ArrayBuffer | ArrayBufferView) =>
  typeof data === "string"
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

/** node:crypto in the shape the signer takes (what @smithy/hash-node does). */
class Sha256 {
  private hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret ? createHmac("sha256", bytes(secret)) : createHash("sha256");
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.hash.update(bytes(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

async function signedGet(options: { service?: string; region?: string; date?: Date }) {
  const url = new URL(s3.endpoint);
  const signer = new SignatureV4({
    service: options.service ?? "s3",
    region: options.region ?? REGION,
    credentials: { accessKeyId: me.accessKeyId, secretAccessKey: me.secret },
    sha256: Sha256,
    uriEscapePath: false,
  });
  const signed = await signer.sign(
    {
      method: "GET",
      protocol: "http:",
      hostname: url.hostname,
      port: Number(url.port),
      path: "/",
      query: {},
      headers: {
        host: url.host,
        "x-amz-content-sha256": createHash("sha256").update("").digest("hex"),
      },
    },
    { signingDate: options.date },
  );
  const res = await fetch(`${s3.endpoint}/`, { headers: signed.headers as Record<string, string> });
  return { status: res.status, code: /<Code>(\w+)<\/Code>/.exec(await res.text())?.[1] ?? "ok" };
}

describe("SigV4 scope and time", () => {
  it("takes AWS's signature for s3 in the endpoint's region", async () => {
    expect(await signedGet({})).toEqual({ status: 200, code: "ok" });
  });

  it("refuses another service, another region and a clock off by more than 15 minutes", async () => {
    expect(await signedGet({ service: "ec2" })).toEqual({ status: 400, code: "AuthorizationHeaderMalformed" });
    expect(await signedGet({ region: "ap-southeast-1" })).toEqual({
      status: 400,
      code: "AuthorizationHeaderMalformed",
    });
    expect(await signedGet({ date: new Date(Date.now() - 16 * 60_000) })).toEqual({
      status: 403,
      code: "RequestTimeTooSkewed",
    });
    expect(await signedGet({ date: new Date(Date.now() - 14 * 60_000) })).toEqual({ status: 200, code: "ok" });
  });
});

describe("virtual-host style", () => {
  it("takes the bucket from <bucket>.<S3_DOMAIN> when a domain is set", async () => {
    const server = await startS3Server(db, { host: "127.0.0.1", port: 0, region: REGION, domain: "s3.bengkel.test" });
    try {
      const { workspace } = await seedWorkspace(db);
      const pair = await createProfile(db, workspace.id);
      await createBucket(db, workspace.id, { name: "vhost-bucket", region: "sgp1" });
      await putObject(db, workspace.id, "vhost-bucket", "dir/hello.txt", Buffer.from("hello over vhost"));
      const host = `vhost-bucket.s3.bengkel.test:${server.port}`;
      const signer = new SignatureV4({
        service: "s3",
        region: REGION,
        credentials: { accessKeyId: pair.accessKeyId, secretAccessKey: pair.secret },
        sha256: Sha256,
        uriEscapePath: false,
      });
      const signed = await signer.sign({
        method: "GET",
        protocol: "http:",
        hostname: "vhost-bucket.s3.bengkel.test",
        port: server.port,
        path: "/dir/hello.txt",
        query: {},
        headers: { host, "x-amz-content-sha256": "UNSIGNED-PAYLOAD" },
      });
      // Sent to loopback with the virtual host's name in Host, as a resolver pointing the domain here would.
      const body = await new Promise<string>((resolve, reject) => {
        const req = http.get(
          { host: "127.0.0.1", port: server.port, path: "/dir/hello.txt", headers: signed.headers },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => resolve(`${res.statusCode} ${Buffer.concat(chunks).toString()}`));
          },
        );
        req.on("error", reject);
      });
      expect(body).toBe("200 hello over vhost");
    } finally {
      await server.stop();
    }
  });
});
