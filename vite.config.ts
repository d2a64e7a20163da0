/// <reference types="vitest/config" />
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import remixConfig from "./remix.config.js";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  // BUILD_DIR lets a second build (a smoke test, a benchmark) sit beside the one being served.
  plugins: [!process.env.VITEST && remix({ ...remixConfig, buildDirectory: process.env.BUILD_DIR ?? "build" })],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  optimizeDeps: { include: ["@mantine/core", "@mantine/hooks", "@mantine/notifications", "react-i18next", "i18next"] },
  server: { port: Number(process.env.PORT ?? 3000) },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
    environment: "node",
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
