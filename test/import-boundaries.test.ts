import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The layering in ARCHITECTURE.md is enforced by `@typescript-eslint/no-restricted-imports` blocks in
 * eslint.config.mjs. These lint small sources as if they sat in each layer, so the rule cannot silently vanish.
 */
let eslint: ESLint;
beforeAll(() => {
  // The fixtures are not files of the TypeScript project, so the type-aware rules are left out.
  eslint = new ESLint({
    cwd: process.cwd(),
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: { "@typescript-eslint/no-floating-promises": "off" },
    },
  });
});

async function refusals(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.resolve(file) });
  return result.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message);
}

describe("import boundaries", () => {
  it("an engine may not import the HTTP layer", async () => {
    const found = await refusals(
      "lib/geometry/boundary-fixture.ts",
      `export { jsonResponse } from "@/lib/api/envelope";\n`,
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/DomainError/);
  });

  it.each([
    ["lib/pricing/boundary-fixture.ts", `import { getDb } from "@/lib/db/client";\nexport const db = getDb;\n`],
    ["lib/analyze/boundary-fixture.ts", `import { files } from "@/db/schema";\nexport const table = files;\n`],
    ["lib/laser/boundary-fixture.ts", `export { getFile } from "@/lib/files/get-file";\n`],
    ["lib/metadata/boundary-fixture.ts", `export { searchFiles } from "@/lib/search/search-files";\n`],
    ["lib/print-estimate/boundary-fixture.ts", `export { quoteFile } from "@/lib/quotes/quote-file";\n`],
    ["lib/slicer/boundary-fixture.ts", `export { route } from "@/lib/api/route";\n`],
    ["lib/i18n/boundary-fixture.ts", `export { ERROR_CODES } from "@/lib/api/error-codes";\n`],
  ])("%s: refused", async (file, source) => {
    expect(await refusals(file, source)).toHaveLength(1);
  });

  it.each([
    [
      "lib/analyze/boundary-fixture.ts",
      `import type { StoredAnalysis } from "@/db/schema";\nexport type Stored = StoredAnalysis;\n`,
    ],
    ["lib/metadata/boundary-fixture.ts", `export { tokenize } from "@/lib/search/tokenize";\n`],
    [
      "lib/pricing/boundary-fixture.ts",
      `export { DomainError } from "@/lib/errors";\nexport { config } from "@/lib/config";\n`,
    ],
    [
      "lib/files/boundary-fixture.ts",
      `export { getDb } from "@/lib/db/client";\nexport { analyzeFile } from "@/lib/analyze/analyze-file";\n`,
    ],
    [
      "lib/api/boundary-fixture.ts",
      `export { jsonResponse } from "@/lib/api/envelope";\nexport { getFile } from "@/lib/files/get-file";\n`,
    ],
    ["lib/geometry/boundary-fixture.test.ts", `export { ERROR_CODES } from "@/lib/api/error-codes";\n`],
  ])("%s: allowed", async (file, source) => {
    expect(await refusals(file, source)).toEqual([]);
  });

  it("services may use the database but not the HTTP layer", async () => {
    expect(
      await refusals("lib/files/boundary-fixture.ts", `export { AppError } from "@/lib/api/app-error";\n`),
    ).toHaveLength(1);
    expect(
      await refusals("lib/webhooks/boundary-fixture.ts", `export { uploadFile } from "@/lib/contracts/files";\n`),
    ).toHaveLength(1);
  });

  it("no lib/ file imports app/, Next.js or next-auth", async () => {
    expect(await refusals("lib/api/boundary-fixture.ts", `export { NextResponse } from "next/server";\n`)).toHaveLength(
      1,
    );
    expect(
      await refusals("lib/viewer/boundary-fixture.ts", `export * from "@/app/dashboard-api/session-workspace";\n`),
    ).toHaveLength(1);
    expect(
      await refusals("lib/quotes/boundary-fixture.ts", `export { getServerSession } from "next-auth";\n`),
    ).toHaveLength(1);
    expect(
      await refusals(
        "lib/auth/boundary-fixture.ts",
        `import type { NextAuthOptions } from "next-auth";\nexport type O = NextAuthOptions;\n`,
      ),
    ).toHaveLength(1);
  });
});
