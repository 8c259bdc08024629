import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { OPERATIONS } from "@/lib/contracts";

const ROOT = path.join(__dirname, "../..");
// Not API operations: the catch-all 404 envelopes, the OpenAPI document itself, next-auth's handler.
const NOT_OPERATIONS = [
  "app/v1/[...path]/route.ts",
  "app/v1/openapi.json/route.ts",
  "app/api/[...path]/route.ts",
  "app/api/auth/[...nextauth]/route.ts",
];

function routeFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return routeFiles(rel);
    return entry.name === "route.ts" ? [rel] : [];
  });
}

describe("every API route file", () => {
  it("is a route(contract, …) adapter whose method and path are in the OpenAPI list", () => {
    const files = [...routeFiles("app/v1"), ...routeFiles("app/api")].filter((file) => !NOT_OPERATIONS.includes(file));
    expect(files.length).toBeGreaterThan(40);
    const documented = new Set(OPERATIONS.map((op) => `${op.method} ${op.path}`));
    const missing: string[] = [];
    for (const file of files) {
      const source = fs.readFileSync(path.join(ROOT, file), "utf8");
      const urlPath = `/${path.dirname(file).slice("app/".length)}`.replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}"); // [id] and catch-all [...key] are {id}, {key}
      const exports = [...source.matchAll(/^export const (GET|POST|PUT|PATCH|DELETE) = (\w+)\(/gm)];
      expect(exports.length, file).toBeGreaterThan(0);
      for (const [, method, wrapper] of exports) {
        expect(wrapper, `${file} ${method}`).toBe("route");
        if (!documented.has(`${method.toLowerCase()} ${urlPath}`)) missing.push(`${method} ${urlPath} (${file})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
