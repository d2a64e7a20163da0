// Production server: security headers and the cross-site check in front of the Remix handler
// (Remix v2 has no middleware, and a check inside each action would be easy to forget).
import cluster from "node:cluster";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
// The express adapter's two halves (the package's index exports only the whole handler): the
// handler in between answers refusals with pages (server/refusal-pages.mjs).
import remixExpress from "@remix-run/express/dist/server.js";
import { createRequestHandler } from "@remix-run/node";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express from "express";
import {
  answerHeaders,
  frameableBySelf,
  isCrossSiteRequest,
  isLegacyDataRequest,
  normaliseForwardedHeaders,
  securityHeaders,
  setClientAddress,
  startupProblems,
  stripQueryControlCharacters,
} from "./server/security.mjs";
import {
  REQUEST_ID_HEADER,
  VERSION_HEADER,
  healthAnswer,
  readVersion,
  readyAnswer,
  requestIdFor,
  requestLogLine,
  requestLoggingEnabled,
  shutdownTiming,
  withTimeout,
} from "./server/operations.mjs";
import { REFUSAL_PAGE_HEADER, pagesOnly, withRefusalPages } from "./server/refusal-pages.mjs";

// One Node process renders one page at a time; WEB_CONCURRENCY=auto (or a number) forks one
// worker per core behind the same port (docs/decisions/0011-browser-performance.md).
const WORKERS = process.env.WEB_CONCURRENCY === "auto" ? os.availableParallelism() : Math.max(1, Number(process.env.WEB_CONCURRENCY) || 1);
if (cluster.isPrimary && WORKERS > 1) {
  let stopping = false;
  // Rendering allocates many short-lived objects; a larger young generation means fewer scavenges.
  cluster.setupPrimary({ execArgv: [...process.execArgv, `--max-semi-space-size=${process.env.SEMI_SPACE_MB ?? 32}`] });
  const started = new Map();
  const listening = new Set();
  cluster.on("listening", (worker) => listening.add(worker.id));
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
  // Graceful stop: each worker drains its requests in flight (see serve()); the primary exits
  // once all have, 0 when every worker stopped cleanly. A worker still there after its own
  // bounds plus a margin is killed.
  function stop(code = 0) {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter(Boolean);
    if (workers.length === 0) process.exit(code);
    let remaining = workers.length;
    let worst = code;
    const { delayMs, timeoutMs } = shutdownTiming(process.env);
    const killer = setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
    }, delayMs + timeoutMs + 5_000);
    killer.unref();
    cluster.on("exit", (worker, exitCode, signal) => {
      // A worker stopped before it listened had nothing in flight: the signal may have reached
      // it before its own handler was installed (a slow machine), which is no failure.
      if ((signal || exitCode !== 0) && listening.has(worker.id)) worst = 1;
      if (--remaining === 0) process.exit(worst);
    });
    for (const worker of workers) worker.process.kill("SIGTERM");
  }
  process.on("SIGTERM", () => stop());
  process.on("SIGINT", () => stop());
} else {
  await serve();
}

// How much of a refused request body is read and dropped after the answer, so the client gets
// the answer and can use the connection again; past this the connection is closed.
const DRAIN_BYTES = 16 * 1024 * 1024;
const DRAIN_MS = 30_000;

/**
 * An answer given before the request body was read (a refused oversized upload) must reach the
 * client and leave the connection usable. Two things would break that: the multipart parser
 * cancels the body stream, which destroys the request and the socket under the answer; and a
 * socket closed with unread data sends a reset that can wipe the answer from the client's
 * buffer. So the rest of the body is read and dropped (up to a limit), and only then may the
 * client's next request follow on the same connection.
 */
function keepConnectionUsable(req, res) {
  const destroyRequest = req.destroy;
  req.destroy = function (error) {
    if (!req.complete && !req.socket?.destroyed && !res.writableFinished) {
      req.removeAllListeners("data");
      req.resume();
      return req;
    }
    return destroyRequest.call(this, error);
  };
  res.once("finish", () => {
    if (req.complete || req.socket?.destroyed) return;
    // Nobody reads the body any more; the framework's reader would pause the request again.
    req.removeAllListeners("data");
    let dropped = 0;
    const giveUp = () => req.socket?.destroy();
    const timer = setTimeout(giveUp, DRAIN_MS);
    timer.unref();
    req.on("data", (chunk) => {
      dropped += chunk.length;
      if (dropped > DRAIN_BYTES) giveUp();
    });
    req.once("end", () => clearTimeout(timer));
    req.once("close", () => clearTimeout(timer));
    req.resume();
  });
}

async function serve() {
  const problems = startupProblems(process.env);
  if (problems.length) {
    for (const problem of problems) console.error(problem);
    process.exit(1);
  }
  // A stop signal while the build is still loading finds nothing in flight: a clean exit, not
  // the default signal death (which the cluster primary would count as a failed worker).
  const stopWhileStarting = () => process.exit(0);
  process.on("SIGTERM", stopWhileStarting);
  process.on("SIGINT", stopWhileStarting);
  const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
  const build = await import(path.join(BUILD_DIR, "server", "index.js"));
  // What the app offers the server (app/server/operations.server.ts via entry.server.tsx).
  const appOps = build.entry?.module ?? {};
  const VERSION = readVersion({ buildDir: BUILD_DIR, rootDir: path.dirname(fileURLToPath(import.meta.url)) });
  const LOG_REQUESTS = requestLoggingEnabled(process.env);
  /** @type {"starting" | "ready" | "draining"} */
  let lifecycle = "starting";
  // Requests in flight by request id, so the app can name the signed-in user for the log line.
  const inFlight = new Map();
  if (typeof appOps.onRequestUser === "function") {
    appOps.onRequestUser((requestId, userId) => {
      const locals = inFlight.get(requestId);
      if (locals) locals.userId = userId;
    });
  }

  const app = express();
  app.disable("x-powered-by");
  // TRUST_PROXY=n: the number of proxies in front of us whose X-Forwarded-* headers count.
  const trustedHops = Math.max(0, Math.floor(Number(process.env.TRUST_PROXY)) || 0);
  app.set("trust proxy", trustedHops);

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdFor(req.headers["x-request-id"], trustedHops > 0);
    // The app reads the id from the request (to name the user for the log); a client's own never counts.
    req.headers["x-request-id"] = requestId;
    res.locals.requestId = requestId;
    res.locals.userId = null;
    inFlight.set(requestId, res.locals);
    res.once("close", () => {
      inFlight.delete(requestId);
      if (!LOG_REQUESTS) return;
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const status = res.writableFinished ? res.statusCode : res.headersSent ? res.statusCode : 499;
      process.stdout.write(`${requestLogLine({ time: new Date(), method: req.method, url: req.originalUrl, status, durationMs, userId: res.locals.userId, requestId })}\n`);
    });
    res.setHeader(VERSION_HEADER, VERSION);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    for (const [name, value] of Object.entries(securityHeaders(nonce, { frameableBySelf: frameableBySelf(req.path), tls: req.secure }))) res.setHeader(name, value);
    normaliseForwardedHeaders(req.headers, trustedHops > 0);
    // Only the server's own second pass may ask for a refusal page.
    delete req.headers[REFUSAL_PAGE_HEADER];
    setClientAddress(req.headers, req.ip);
    req.url = stripQueryControlCharacters(req.url);
    req.originalUrl = stripQueryControlCharacters(req.originalUrl);
    keepConnectionUsable(req, res);
    const writeHead = res.writeHead;
    res.writeHead = function (...args) {
      const extra = answerHeaders({ hasCacheControl: res.hasHeader("Cache-Control") });
      for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
      // While draining, no connection is kept for a next request: the client opens a new one
      // (to another server behind the load balancer).
      if (lifecycle === "draining") res.setHeader("Connection", "close");
      return writeHead.apply(this, args);
    };
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
    if (isLegacyDataRequest(req.url)) {
      res.status(400).type("text/plain").send("Bad Request: ?_data= requests are not supported.");
      return;
    }
    next();
  });

  // Health (the database answers a trivial query) and readiness (started, not draining): for a
  // load balancer or an orchestrator; no session needed, nothing personal in the answer.
  app.get("/healthz", async (_req, res) => {
    const ok = typeof appOps.databaseReachable === "function" ? await withTimeout(appOps.databaseReachable(), 2_000, false) : false;
    const answer = healthAnswer(ok, VERSION);
    res.status(answer.status).json(answer.body);
  });
  app.get("/readyz", (_req, res) => {
    const answer = readyAnswer(lifecycle);
    res.status(answer.status).json(answer.body);
  });

  // gzip for pages, data, CSS and JS (the stylesheet shrinks from ~200 KB to ~30 KB; Lighthouse
  // on a phone profile measured 0.57 → 0.82 on the catalogue list). Binary downloads (docx, pdf,
  // pictures) are not compressible types and pass as they are.
  app.use(compression());

  // Fingerprinted assets never change; everything else in public/ may. Scripts and stylesheets
  // go out as compressed at build time (scripts/precompress.mjs): brotli, else gzip -9, with no
  // work per request (the compression above leaves an encoded response alone).
  app.use(
    "/assets",
    expressStaticGzip(path.join(BUILD_DIR, "client", "assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y", index: false },
    })
  );
  // The few top-level public files (favicon …) by name: a static handler for every path would
  // look each page URL up on disk first.
  const clientDir = path.join(BUILD_DIR, "client");
  const publicFiles = new Set(fs.readdirSync(clientDir).filter((f) => f !== "assets").map((f) => `/${f}`));
  const publicStatic = express.static(clientDir, { maxAge: "1h" });
  app.use((req, res, next) => (publicFiles.has(req.path) ? publicStatic(req, res, next) : next()));

  // What @remix-run/express's handler does, with refusal pages for resource routes in between.
  const mode = process.env.NODE_ENV ?? "production";
  const handleRequest = withRefusalPages(createRequestHandler(build, mode), createRequestHandler(pagesOnly(build), mode));
  app.all("*", async (req, res, next) => {
    try {
      const response = await handleRequest(remixExpress.createRemixRequest(req, res), { cspNonce: res.locals.cspNonce });
      await remixExpress.sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  });

  // Errors the framework answers itself (a malformed URL, a body it cannot read) keep our headers:
  // express's default handler would clear them, CSP and frame-ancestors included.
  app.use((err, req, res, _next) => {
    const status = Number(err?.status ?? err?.statusCode) || 500;
    if (status >= 500) console.error(err);
    if (res.headersSent) return res.end();
    for (const [name, value] of Object.entries(securityHeaders(res.locals.cspNonce ?? "", { tls: req.secure }))) res.setHeader(name, value);
    res.setHeader(VERSION_HEADER, VERSION);
    res.status(status).type("text/plain").send(status >= 500 ? "Internal Server Error" : "Bad Request");
  });

  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "0.0.0.0";
  const server = app.listen(port, host, () => {
    lifecycle = "ready";
    // The review-due run, the weekly digest and waiting mails (issue 36 §6): safe on every server and worker.
    if (typeof appOps.startSchedule === "function") appOps.startSchedule();
    if (cluster.isPrimary || cluster.worker?.id === 1) console.log(`ServiceHub ${VERSION} listening on http://localhost:${port}${cluster.isWorker ? ` (${WORKERS} processes)` : ""}`);
  });

  // Graceful shutdown (SIGTERM from an orchestrator or the cluster primary, SIGINT from a
  // terminal): /readyz answers 503 at once; after SHUTDOWN_DELAY_SECONDS no new connections are
  // accepted; requests in flight finish (at most SHUTDOWN_TIMEOUT_SECONDS, then their
  // connections are cut); the database is closed; exit 0 — or 1 when requests had to be cut.
  const { delayMs, timeoutMs } = shutdownTiming(process.env);
  const shutdown = (signal) => {
    if (lifecycle === "draining") return;
    lifecycle = "draining";
    if (cluster.isPrimary || cluster.worker?.id === 1) console.log(`ServiceHub: ${signal}, finishing requests in flight`);
    setTimeout(() => {
      let cut = false;
      const force = setTimeout(() => {
        cut = true;
        server.closeAllConnections();
      }, timeoutMs);
      // Stop listening, but leave open connections alone: http.Server#close would also close
      // "idle" ones, which includes a connection whose request has arrived but not yet been read
      // (common under load). Each open connection gets its answer with Connection: close, and a
      // keep-alive connection waiting for a next request ends at its keep-alive timeout.
      net.Server.prototype.close.call(server, async () => {
        clearTimeout(force);
        try {
          if (typeof appOps.stopSchedule === "function") await appOps.stopSchedule();
          if (typeof appOps.closeDatabase === "function") await appOps.closeDatabase();
        } catch (error) {
          console.error(error);
        }
        process.exit(cut ? 1 : 0);
      });
    }, delayMs);
  };
  process.off("SIGTERM", stopWhileStarting);
  process.off("SIGINT", stopWhileStarting);
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  // Requests Node's parser refuses never reach express: answer them with our headers too.
  server.on("clientError", (err, socket) => {
    if (!socket.writable || err.code === "ECONNRESET") return socket.destroy();
    const status = err.code === "HPE_HEADER_OVERFLOW" ? 431 : err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    const reason = status === 431 ? "Request Header Fields Too Large" : status === 408 ? "Request Timeout" : "Bad Request";
    const headers = Object.entries({ ...securityHeaders(""), [VERSION_HEADER]: VERSION, "Content-Type": "text/plain", "Content-Length": String(reason.length), Connection: "close" })
      .map(([name, value]) => `${name}: ${value}`)
      .join("\r\n");
    socket.end(`HTTP/1.1 ${status} ${reason}\r\n${headers}\r\n\r\n${reason}`);
  });
}
