import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/global-setup.ts"],
    // Fixed seeds keep property tests reproducible; a failure prints its seed and path.
    sequence: { shuffle: false },
  },
});
