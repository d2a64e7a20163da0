import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// server.mjs with WEB_CONCURRENCY > 1: workers share one port; a worker that dies while
// starting stops the whole server instead of being restarted forever.

let dir: string;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ["server.mjs"], { env: { ...process.env, HOST: "127.0.0.1", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

beforeAll(() => {
  // A minimal "build": a server entry that answers every request with the worker's pid.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "sh-workers-"));
  fs.mkdirSync(path.join(dir, "server"), { recursive: true });
  fs.mkdirSync(path.join(dir, "client", "assets"), { recursive: true });
  fs.writeFileSync(path.join(dir, "client", "favicon.svg"), "<svg/>");
  fs.writeFileSync(
    path.join(dir, "server", "index.js"),
    `export const mode = "production"; export const entry = { module: { default: () => new Response(String(process.pid)) } };
     export const routes = {}; export const assets = { entry: { module: "", imports: [] }, routes: {}, url: "", version: "1" };
     export const publicPath = "/"; export const assetsBuildDirectory = ""; export const future = {}; export const basename = "/"; export const isSpaMode = false;`,
  );
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("server.mjs worker processes", () => {
  it("WEB_CONCURRENCY=2 serves from two processes on one port and stops them all on SIGTERM", async () => {
    const port = await freePort();
    const server = start({ WEB_CONCURRENCY: "2", BUILD_DIR: dir, PORT: String(port) });
    try {
      // The first worker may answer before the primary has logged that both are listening.
      let up = false;
      for (let i = 0; i < 150 && !(up && server.output().includes("(2 processes)")); i++) {
        up ||= await fetch(`http://127.0.0.1:${port}/favicon.svg`).then((r) => r.ok, () => false);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(up).toBe(true);
      expect(server.output()).toContain("(2 processes)");
    } finally {
      server.child.kill("SIGTERM");
    }
    expect(await server.exited).toBe(0);
  }, 20_000);

  it("a worker that cannot start stops the server with an error instead of restarting forever", async () => {
    const port = await freePort();
    const server = start({ WEB_CONCURRENCY: "2", BUILD_DIR: path.join(dir, "missing"), PORT: String(port) });
    const code = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain("while starting; stopping");
  }, 20_000);
});
