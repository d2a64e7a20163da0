// Production server: security headers and the cross-site check in front of the Remix handler
// (Remix v2 has no middleware, and a check inside each action would be easy to forget).
import crypto from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import express from "express";
import { isCrossSiteRequest, securityHeaders } from "./server/security.mjs";

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
app.use("/assets", express.static(path.join(BUILD_DIR, "client", "assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(BUILD_DIR, "client"), { maxAge: "1h" }));

app.all(
  "*",
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV ?? "production",
    getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce }),
  }),
);

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
app.listen(port, host, () => console.log(`ServiceHub listening on http://localhost:${port}`));
