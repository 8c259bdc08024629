import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    include: [
      "lib/**/*.test.ts",
      "components/**/*.test.ts",
      "app/**/*.test.ts",
      "db/**/*.test.ts",
      "test/**/*.test.ts",
    ],
    environment: "node",
    globalSetup: ["test/global-setup.ts"],
    pool: "forks",
    // Background slicing after uploads is switched on by the tests about it, not left racing every other test.
    env: { PRINT_ESTIMATE_ON_UPLOAD: "off", SLICER_ENABLED: "off" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
