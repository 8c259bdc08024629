import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { describe, expect, it } from "vitest";
import { OPERATIONS } from "@/lib/contracts";
import { buildOpenApiDocument } from "./build-document";

// What an integrator does: generate types with openapi-typescript's defaults and write a client with openapi-fetch.
// The program must type-check against the document as it is; a wrong body, field or header fails the build.
const PROGRAM = `
import createClient from "openapi-fetch";
import type { paths } from "./schema";

const api = createClient<paths>({ baseUrl: "http://127.0.0.1:3000", headers: { Authorization: "Bearer bk_live_x" } });

export async function run(file: Blob): Promise<void> {
  const uploaded = await api.POST("/v1/files", {
    body: { file: "", name: "bracket", tags: ["pla"] },
    bodySerializer: () => {
      const form = new FormData();
      form.append("file", file, "bracket.stl");
      return form;
    },
  });
  if (!uploaded.data) throw new Error(uploaded.error?.error.code);
  const id: string = uploaded.data.data.file.id;

  const quote = await api.POST("/v1/files/{id}/quote/3dprint", { params: { path: { id } }, body: { infill_percent: 20 } });
  const first = quote.data?.data.quotes[0];
  const grams: number | undefined = first?.weight_g;
  const rupiah: number | undefined = first?.price_idr;

  const listed = await api.GET("/v1/files", { params: { query: { limit: 10, tag: ["pla"] } } });
  const names: string[] = listed.data?.data.map((f) => f.name) ?? [];
  const next: string | null | undefined = listed.data?.next_cursor;

  const hooks = await api.GET("/v1/webhooks", {});
  const urls: string[] = hooks.data?.data.map((w) => w.url) ?? [];

  const remaining = listed.response.headers.get("X-RateLimit-Remaining");
  console.log(grams, rupiah, names, next, urls, remaining);
}
`;

describe("a client generated from the OpenAPI document", () => {
  it("type-checks a program that uploads, quotes and lists", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-client-"));
    try {
      const document = JSON.parse(JSON.stringify(buildOpenApiDocument(OPERATIONS)));
      fs.writeFileSync(path.join(dir, "schema.d.ts"), astToString(await openapiTS(document)));
      fs.writeFileSync(path.join(dir, "client.ts"), PROGRAM);
      fs.symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"));
      fs.writeFileSync(
        path.join(dir, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            target: "es2022",
            module: "esnext",
            moduleResolution: "bundler",
            lib: ["es2022", "dom"],
            skipLibCheck: true,
          },
          files: ["client.ts"],
        }),
      );
      const tsc = path.resolve("node_modules/typescript/bin/tsc");
      let output = "";
      try {
        execFileSync(process.execPath, [tsc, "-p", dir], { encoding: "utf8" });
      } catch (error) {
        output = (error as { stdout: string }).stdout;
      }
      expect(output).toBe("");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
