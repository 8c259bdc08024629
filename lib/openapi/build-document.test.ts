import { describe, expect, it } from "vitest";
import { OPERATIONS } from "@/lib/contracts";
import { buildOpenApiDocument } from "./build-document";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking arbitrary JSON in assertions
type OpenApiDoc = Record<string, any>;

describe("OpenAPI document", () => {
  const doc = buildOpenApiDocument(OPERATIONS) as unknown as OpenApiDoc;

  it("is OpenAPI 3.1 with bearer auth", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("has every operation, with its request schema and error responses", () => {
    for (const op of OPERATIONS) {
      const entry = doc.paths[op.path]?.[op.method];
      expect(entry, `${op.method} ${op.path}`).toBeDefined();
      expect(entry.operationId).toBe(op.operationId);
      expect(Object.keys(entry.responses)).toContain("401");
    }
    const create = doc.paths["/v1/api-keys"].post;
    expect(create.requestBody.content["application/json"].schema).toBeDefined();
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(["201", "400", "403", "429"]));
    expect(doc.paths["/v1/api-keys/{id}"].delete.parameters[0]).toMatchObject({
      in: "path",
      name: "id",
      required: true,
    });
  });

  it("documents downloads as bytes, with their range and validator responses, not as JSON envelopes", () => {
    const download = doc.paths["/v1/files/{id}/download"].get.responses;
    expect(Object.keys(download)).toEqual(expect.arrayContaining(["200", "206", "304", "416"]));
    for (const status of ["200", "206"]) {
      expect(Object.keys(download[status].content)).toEqual(["application/octet-stream"]);
      expect(download[status].content["application/octet-stream"].schema).toMatchObject({
        type: "string",
        format: "binary",
      });
    }
    expect(Object.keys(download["206"].headers)).toEqual(
      expect.arrayContaining(["Content-Length", "Content-Range", "ETag", "Accept-Ranges"]),
    );
    const object = doc.paths["/v1/storage/buckets/{name}/objects/{key}"].get.responses["200"];
    expect(Object.keys(object.content)).toEqual(["application/octet-stream"]);
  });

  it("documents Idempotency-Key on the operations that honour it, and the replay header", () => {
    const create = doc.paths["/v1/vps"].post;
    expect(create.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: "header", name: "Idempotency-Key" })]),
    );
    expect(Object.keys(create.responses["201"].headers)).toEqual(
      expect.arrayContaining(["Idempotent-Replayed", "X-Request-Id"]),
    );
    expect(doc.paths["/v1/files"].post.parameters ?? []).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "Idempotency-Key" })]),
    );
  });

  it("validates against the OpenAPI 3.1 specification's schema", async () => {
    const { validate } = await import("@readme/openapi-parser");
    const result = await validate(JSON.parse(JSON.stringify(doc)));
    expect(result.valid ? [] : result.errors).toEqual([]);
  });
});
