// Production server: security headers and the cross-site check in front of the Remix handler
// (Remix v2 has no middleware, and a check inside each action would be easy to forget).
import cluster from "node:cluster";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import express from "express";
import {
  answerHeaders,
  frameableBySelf,
  isCrossSiteRequest,
  normaliseForwardedHeaders,
  securityHeaders,
  setClientAddress,
  startupProblems,
  stripQueryControlCharacters,
} from "./server/security.mjs";

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
  const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
  const build = await import(path.join(BUILD_DIR, "server", "index.js"));

  const app = express();
  app.disable("x-powered-by");
  // TRUST_PROXY=n: the number of proxies in front of us whose X-Forwarded-* headers count.
  const trustedHops = Math.max(0, Math.floor(Number(process.env.TRUST_PROXY)) || 0);
  app.set("trust proxy", trustedHops);

  app.use((req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    for (const [name, value] of Object.entries(securityHeaders(nonce, { frameableBySelf: frameableBySelf(req.path) }))) res.setHeader(name, value);
    normaliseForwardedHeaders(req.headers, trustedHops > 0);
    setClientAddress(req.headers, req.ip);
    req.url = stripQueryControlCharacters(req.url);
    req.originalUrl = stripQueryControlCharacters(req.originalUrl);
    keepConnectionUsable(req, res);
    const writeHead = res.writeHead;
    res.writeHead = function (...args) {
      const extra = answerHeaders({ hasCacheControl: res.hasHeader("Cache-Control") });
      for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
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

  // Errors the framework answers itself (a malformed URL, a body it cannot read) keep our headers:
  // express's default handler would clear them, CSP and frame-ancestors included.
  app.use((err, req, res, _next) => {
    const status = Number(err?.status ?? err?.statusCode) || 500;
    if (status >= 500) console.error(err);
    if (res.headersSent) return res.end();
    for (const [name, value] of Object.entries(securityHeaders(res.locals.cspNonce ?? ""))) res.setHeader(name, value);
    res.status(status).type("text/plain").send(status >= 500 ? "Internal Server Error" : "Bad Request");
  });

  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "0.0.0.0";
  const server = app.listen(port, host, () => {
    if (cluster.isPrimary || cluster.worker?.id === 1) console.log(`ServiceHub listening on http://localhost:${port}${cluster.isWorker ? ` (${WORKERS} processes)` : ""}`);
  });
  // Requests Node's parser refuses never reach express: answer them with our headers too.
  server.on("clientError", (err, socket) => {
    if (!socket.writable || err.code === "ECONNRESET") return socket.destroy();
    const status = err.code === "HPE_HEADER_OVERFLOW" ? 431 : err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    const reason = status === 431 ? "Request Header Fields Too Large" : status === 408 ? "Request Timeout" : "Bad Request";
    const headers = Object.entries({ ...securityHeaders(""), "Content-Type": "text/plain", "Content-Length": String(reason.length), Connection: "close" })
      .map(([name, value]) => `${name}: ${value}`)
      .join("\r\n");
    socket.end(`HTTP/1.1 ${status} ${reason}\r\n${headers}\r\n\r\n${reason}`);
  });
}
