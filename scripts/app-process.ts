/**
 * The built app as its own process, for the load test (scripts/loadtest.ts) and the crash test
 * (tests/e2e/crash-safety.http.spec.ts): a free loopback port, `node server.mjs` as in
 * production, waiting until it answers, stopping it gently or killing it hard, signing a user in
 * through the real login form.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Why the build cannot be served (a sentence), or null when it can. */
export function buildProblem(buildDir = process.env.BUILD_DIR ?? "build"): string | null {
  const entry = path.resolve(buildDir, "server", "index.js");
  return fs.existsSync(entry) ? null : `No build at ${path.resolve(buildDir)} (missing server/index.js): run \`npm run build\` first.`;
}

export interface AppProcess {
  baseURL: string;
  port: number;
  child: ChildProcess;
  /** SIGTERM, then SIGKILL after 10 s; resolves when the process has exited. */
  stop: () => Promise<void>;
  /** SIGKILL at once (a crash); resolves when the process has exited. */
  kill: () => Promise<void>;
}

export interface StartOptions {
  databaseUrl: string;
  port?: number;
  /** WEB_CONCURRENCY: a number or "auto". */
  workers?: string;
  env?: Record<string, string>;
  /**
   * The server's output: "stderr" (default) shows its errors and drops stdout (one JSON line per
   * request in production); "inherit" shows both; "ignore" drops both.
   */
  output?: "stderr" | "inherit" | "ignore";
  /** How long the server may take to answer /login. */
  timeoutMs?: number;
}

export async function startApp(o: StartOptions): Promise<AppProcess> {
  const port = o.port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.mjs"], {
    stdio: ["ignore", o.output === "inherit" ? "inherit" : "ignore", o.output === "ignore" ? "ignore" : "inherit"],
    env: {
      ...process.env,
      DATABASE_URL: o.databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      APP_URL: baseURL,
      WEB_CONCURRENCY: o.workers ?? "1",
      SESSION_SECRET: process.env.SESSION_SECRET ?? "servicehub-loadtest-secret-0123456789",
      ...o.env,
    },
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(child.pid, sig);
    await exited;
  };
  const app: AppProcess = {
    baseURL,
    port,
    child,
    kill: () => signal("SIGKILL"),
    stop: async () => {
      const timer = setTimeout(() => void signal("SIGKILL"), 10_000);
      await signal("SIGTERM");
      clearTimeout(timer);
    },
  };
  try {
    await waitForApp(baseURL, child, o.timeoutMs ?? 60_000);
  } catch (error) {
    await app.kill();
    throw error;
  }
  return app;
}

/** Resolves once the app answers /login; throws when the process exits first or time runs out. */
export async function waitForApp(baseURL: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the app exited (${child.exitCode ?? child.signalCode}) before it answered`);
    try {
      if ((await fetch(`${baseURL}/login`, { signal: AbortSignal.timeout(5_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the app did not answer on ${baseURL}/login within ${timeoutMs / 1000} s`);
}

/** The cookies of a response as one `Cookie` header value (name=value pairs). */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Signs in through the login form; the session cookie as a `Cookie` header value. */
export async function signIn(baseURL: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseURL}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL },
    body: new URLSearchParams({ email, password }),
    signal: AbortSignal.timeout(30_000),
  });
  const cookie = cookiesOf(response);
  if (response.status < 300 || response.status >= 400 || !cookie) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return cookie;
}

/** A form post as a browser without JavaScript sends it (same origin, no redirect following). */
export function postForm(baseURL: string, pathname: string, cookie: string, fields: Record<string, string>, timeoutMs = 30_000): Promise<Response> {
  return fetch(`${baseURL}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL, Cookie: cookie },
    body: new URLSearchParams(fields),
    signal: AbortSignal.timeout(timeoutMs),
  });
}
