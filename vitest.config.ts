import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/global-setup.ts"],
    // Fixed seeds keep property tests reproducible; a failure prints its seed and path.
    sequence: { shuffle: false },
    // Many tests start real processes (tsx servers, builds, redis-server, Chromium): on a
    // busy 2-core machine one can take more than vitest's default 5 s without being stuck.
    testTimeout: 20_000,
  },
});
