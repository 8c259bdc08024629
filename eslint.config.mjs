import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Import layering (ARCHITECTURE.md, "Layers"): app/ → lib/api (HTTP) → services → engines → foundation.
// Each tier lists every restriction it inherits: for one file, a later block's options replace an earlier
// block's for the same rule. Tests (*.test.ts) may cross layers to check the whole path.
const EDGE_ONLY = [
  {
    group: ["next", "next/*", "next-auth", "next-auth/*"],
    message: "Next.js and next-auth belong in app/ (the edge); lib/ is plain TypeScript.",
  },
  {
    group: ["@/app", "@/app/*"],
    message: "lib/ never imports app/: the edge depends on lib/, not the other way round.",
  },
];
const HTTP_ONLY = [
  ...EDGE_ONLY,
  {
    group: ["@/lib/api", "@/lib/api/*", "@/lib/contracts", "@/lib/contracts/*", "@/lib/openapi", "@/lib/openapi/*"],
    message:
      "Only app/ and the HTTP layer (lib/api, lib/contracts, lib/openapi) speak HTTP: throw a DomainError (lib/errors.ts) and let the pipeline choose the status.",
  },
];
const SERVICES = [
  "auth",
  "cli",
  "dashboard",
  "demo",
  "files",
  "infra",
  "quotes",
  "usage",
  "users",
  "viewer",
  "webhooks",
  "workspaces",
];
const ENGINE_ONLY = [
  ...HTTP_ONLY,
  {
    group: ["@/lib/db", "@/lib/db/*"],
    message: "Engines are pure: no database. Let a service (lib/quotes, lib/files…) read it and pass plain data in.",
  },
  {
    group: ["@/db", "@/db/*"],
    allowTypeImports: true,
    message: "Engines are pure: no database (a row type from the schema is fine: `import type`).",
  },
  {
    group: [
      ...SERVICES.flatMap((dir) => [`@/lib/${dir}`, `@/lib/${dir}/*`]),
      "@/lib/search/*",
      "!@/lib/search/lexicon",
      "!@/lib/search/analyze-text",
      "!@/lib/search/tokenize",
    ],
    message:
      "Engines do not call services; a service calls the engine. (Search's text analysis — lexicon, analyze-text, tokenize — is pure and allowed.)",
  },
];
const ENGINES = ["analyze", "geometry", "i18n", "laser", "metadata", "plans", "pricing", "print-estimate", "slicer"];
const restrictImports = (patterns) => ({ "@typescript-eslint/no-restricted-imports": ["error", { patterns }] });

const config = [
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "warn",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  {
    // One configuration module (lib/config.ts) reads and validates the environment; everything else asks it.
    files: ["lib/**/*.ts", "app/**/*.ts", "app/**/*.tsx", "components/**/*.ts", "components/**/*.tsx"],
    ignores: ["**/*.test.ts", "lib/config.ts", "lib/paths.ts", "app/api/auth/auth-options.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read settings through config() from lib/config.ts." },
      ],
    },
  },
  {
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    ignores: ["**/*.test.ts"],
    rules: restrictImports(EDGE_ONLY),
  },
  {
    // Services and the foundation (lib/*.ts).
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    ignores: ["**/*.test.ts", "lib/api/**", "lib/contracts/**", "lib/openapi/**"],
    rules: restrictImports(HTTP_ONLY),
  },
  {
    files: ENGINES.flatMap((dir) => [`lib/${dir}/**/*.ts`, `lib/${dir}/**/*.tsx`]),
    ignores: ["**/*.test.ts"],
    rules: restrictImports(ENGINE_ONLY),
  },
  {
    // Database calls are async (the same code runs on PostgreSQL): one not awaited runs after its caller moved on.
    files: ["lib/**/*.ts", "app/**/*.ts", "app/**/*.tsx", "components/**/*.tsx", "test/**/*.ts", "eval/**/*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { "@typescript-eslint/no-floating-promises": "error" },
  },
  {
    // `.get()`, `.all()` and `.run()` exist on SQLite only: await the query instead. Engines have no database.
    files: ["lib/**/*.ts", "app/**/*.ts", "app/**/*.tsx", "test/**/*.ts", "eval/**/*.ts"],
    ignores: ENGINES.map((dir) => `lib/${dir}/**`),
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          // better-sqlite3's own statements (`db.prepare(…).all()`, in tests of SQLite itself) are not queries here.
          selector:
            "CallExpression[arguments.length=0] > MemberExpression.callee[property.name=/^(get|all|run)$/]:not([object.callee.property.name='prepare'])",
          message: "SQLite-only query method: await the query (it runs on PostgreSQL too).",
        },
      ],
    },
  },
  {
    ignores: [
      ".next/**",
      "dist/**",
      "data/**",
      "node_modules/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
      ".*.ts",
      ".scratch/**",
    ],
  },
];

export default config;
