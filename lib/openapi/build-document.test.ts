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
    expect(doc.paths["/v1/api-keys/{id}"].delete.parameters[0]).toMatchObject({ in: "path", name: "id", required: true });
  });
});
