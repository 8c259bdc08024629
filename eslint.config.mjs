import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["warn", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
    },
  },
  {
    // One configuration module (lib/config.ts) reads and validates the environment; everything else asks it.
    files: ["lib/**/*.ts", "app/**/*.ts", "app/**/*.tsx", "components/**/*.ts", "components/**/*.tsx"],
    ignores: ["**/*.test.ts", "lib/config.ts", "lib/paths.ts", "lib/auth/auth-options.ts"],
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read settings through config() from lib/config.ts." }],
    },
  },
  { ignores: [".next/**", "dist/**", "data/**", "node_modules/**", "next-env.d.ts", "test-results/**", "playwright-report/**", ".*.ts", ".scratch/**"] },
];

export default config;
