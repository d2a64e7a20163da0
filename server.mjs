// Production server: security headers and the cross-site check in front of the Remix handler
// (Remix v2 has no middleware, and a check inside each action would be easy to forget).
import cluster from "node:cluster";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import express from "express";
import { isCrossSiteRequest, securityHeaders } from "./server/security.mjs";

// One Node process renders one page at a time; WEB_CONCURRENCY=auto (or a number) forks one
// worker per core behind the same port (docs/decisions/0011-browser-performance.md).
const WORKERS = process.env.WEB_CONCURRENCY === "auto" ? os.availableParallelism() : Math.max(1, Number(process.env.WEB_CONCURRENCY) || 1);
if (cluster.isPrimary && WORKERS > 1) {
  let stopping = false;
  // Rendering allocates many short-lived objects; a larger young generation means fewer scavenges.
  cluster.setupPrimary({ execArgv: [...process.execArgv, `--max-semi-space-size=${process.env.SEMI_SPACE_MB ?? 32}`] });
  const started = new Map();
  const fork = () => started.set(cluster.fork().id, Date.now());
  for (let i = 0; i < WORKERS; i++) fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    // A worker that dies while starting (bad build, port taken) would die again: give up.
    if (Date.now() - (started.get(worker.id) ?? 0) < 10_000) {
      console.error(`Worker ${worker.process.pid} exited (${signal ?? code}) while starting; stopping.`);
      stop(1);
      return;
    }
    console.error(`Worker ${worker.process.pid} exited (${signal ?? code}); starting another.`);
    fork();
  });
  function stop(code = 0) {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
    process.exit(code);
  }
  process.on("SIGTERM", () => stop());
  process.on("SIGINT", () => stop());
} else {
  await serve();
}

async function serve() {
  const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
  const build = await import(path.join(BUILD_DIR, "server", "index.js"));

  const app = express();
  app.disable("x-powered-by");
  if (process.env.TRUST_PROXY === "1") app.set("trust proxy", true);

  app.use((req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    for (const [name, value] of Object.entries(securityHeaders(nonce))) res.setHeader(name, value);
    const crossSite = isCrossSiteRequest({
      method: req.method,
      origin: req.get("origin"),
      secFetchSite: req.get("sec-fetch-site"),
      host: req.get("host") ?? "",
      protocol: req.protocol,
    });
    if (crossSite) {
      res.status(403).type("text/plain").send("Cross-site request refused.");
      return;
    }
    next();
  });

  // Fingerprinted assets never change; everything else in public/ may.
  app.use(
    "/assets",
    express.static(path.join(BUILD_DIR, "client", "assets"), {
      immutable: true,
      maxAge: "1y",
    })
  );
  // The few top-level public files (favicon …) by name: a static handler for every path would
  // look each page URL up on disk first.
  const clientDir = path.join(BUILD_DIR, "client");
  const publicFiles = new Set(fs.readdirSync(clientDir).filter((f) => f !== "assets").map((f) => `/${f}`));
  const publicStatic = express.static(clientDir, { maxAge: "1h" });
  app.use((req, res, next) => (publicFiles.has(req.path) ? publicStatic(req, res, next) : next()));

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV ?? "production",
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce }),
    })
  );

  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "0.0.0.0";
  app.listen(port, host, () => {
    if (cluster.isPrimary || cluster.worker?.id === 1) console.log(`ServiceHub listening on http://localhost:${port}${cluster.isWorker ? ` (${WORKERS} processes)` : ""}`);
  });
}
