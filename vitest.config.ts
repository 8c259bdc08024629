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
    // Zones under .test, served at once: tests of DNS answers, e-mail and the like host made-up names. The tests
    // of zone ownership switch verification back on (app/v1/dns/zones/[domain]/verify/route.test.ts).
    env: {
      PRINT_ESTIMATE_ON_UPLOAD: "off",
      // Every test file starts analysis children; warming each one would only spend the shared cores.
      ANALYSIS_WARM_UP: "off",
      SLICER_ENABLED: "off",
      DNS_ALLOW_TEST_ZONES: "on",
      DNS_ZONE_VERIFICATION: "off",
    },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
