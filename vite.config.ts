/// <reference types="vitest/config" />
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import remixConfig from "./remix.config.js";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * Client chunks (docs/decisions/0041-first-paint.md): all CSS in one stylesheet (it was up to 15
 * small files a page, each a round trip before the first paint) and the libraries every page
 * needs in three chunks instead of dozens of small ones.
 */
const CLIENT_CHUNKS: [string, RegExp][] = [
  ["styles", /\.css($|\?)/],
  ["react", /node_modules\/(react|react-dom|scheduler|@remix-run|react-router|react-router-dom|turbo-stream)\//],
  ["mantine", /node_modules\/@mantine\/(core|hooks|notifications)\//],
  ["i18n", /node_modules\/(i18next|react-i18next|remix-i18next)\//],
];

export default defineConfig(({ isSsrBuild }) => ({
  // BUILD_DIR lets a second build (a smoke test, a benchmark) sit beside the one being served.
  plugins: [!process.env.VITEST && remix({ ...remixConfig, buildDirectory: process.env.BUILD_DIR ?? "build" })],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  optimizeDeps: { include: ["@mantine/core", "@mantine/hooks", "@mantine/notifications", "react-i18next", "i18next"] },
  build: isSsrBuild ? {} : { rollupOptions: { output: { manualChunks: (id: string) => CLIENT_CHUNKS.find(([, re]) => re.test(id))?.[0] } } },
  server: { port: Number(process.env.PORT ?? 3000) },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
    environment: "node",
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
}));
