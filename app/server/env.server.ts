import { z } from "zod";

// Checked once at start-up so a wrong setting fails loudly instead of halfway through a request.
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().optional(),
  SESSION_SECRET: z.string().min(16).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("ServiceHub <servicehub@localhost>"),
  /** Where support tickets are mailed; unset or empty → tickets are only stored (superadmins read them in their list). */
  SUPPORT_EMAIL: z.preprocess((v) => (v === "" ? undefined : v), z.email().optional()),
  /** Another ServiceHub whose patch notes and system message this one shows (issue 16 §7); empty = unset. */
  SYSTEM_HOST_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url({ protocol: /^https?$/ }).optional()),
  APP_URL: z.string().url().optional(),
  /** The billing side's secret for /api/billing/orders (issue 19 §5); unset → that endpoint refuses everyone. */
  BILLING_API_KEY: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(32).optional()),
  /** The AI assistant's OpenAI-compatible endpoint, key and model (issue 19 §1); without base URL and model it is "not configured". */
  AI_BASE_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url({ protocol: /^https?$/ }).optional()),
  AI_API_KEY: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  AI_MODEL: z.preprocess((v) => (v === "" ? undefined : v), z.string().max(200).optional()),
  /** How long one AI call may take before it is given up (and nothing is charged). */
  AI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /** 1 = the template server may be a loopback, link-local or private address (tests, on-premise pairs; issue 31 §10). */
  TEMPLATE_SERVER_ALLOW_PRIVATE: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["0", "1"]).default("0")),
  /** Requests per minute the catalogue API answers for one key (issue 18). */
  API_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  PORT: z.coerce.number().int().positive().default(3000),
  /** How often each server runs the schedule (review due, weekly digest, waiting mails); 0: never (issue 36 §6). */
  SCHEDULE_EVERY_SECONDS: z.coerce.number().int().min(0).default(300),
  /** A session unused this long ends (issue 21 §5; docs/decisions/0038-several-app-servers.md). */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(10).max(7 * 24 * 60).default(8 * 60),
  /** A session ends this long after sign-in, however busy (absolute expiry). */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(30).default(30),
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  cached = parsed.data;
  return cached;
}

/**
 * The public origin for links that leave the app (mails). Never taken from the request: a
 * client chooses its Host and X-Forwarded-* headers, and a reset link must not point to a host
 * an attacker named (docs/decisions/0014-request-origin-and-limits.md). In production the
 * server does not start without APP_URL; elsewhere the local server's address stands in.
 */
export function appOrigin(): string {
  const { APP_URL, NODE_ENV, PORT } = env();
  if (APP_URL) return new URL(APP_URL).origin;
  if (NODE_ENV === "production") throw new Error("APP_URL is not set; mailed links need the public address of ServiceHub.");
  return `http://localhost:${PORT}`;
}

/** Outside production only: it is public (server/security.mjs refuses it in production). */
const DEVELOPMENT_SECRET = "servicehub-dev-secret-change-me";

/**
 * The cookie-signing secrets. In production SESSION_SECRET is required: server.mjs refuses to
 * start without it, and another entry point fails here rather than sign with the public fallback.
 */
export function sessionSecrets(): string[] {
  const { SESSION_SECRET, NODE_ENV } = env();
  if (SESSION_SECRET) return [SESSION_SECRET];
  if (NODE_ENV === "production") throw new Error("SESSION_SECRET is not set; in production the cookies must be signed with a secret of your own.");
  return [DEVELOPMENT_SECRET];
}

/** How long a session may go unused, and how long it may last at most (milliseconds). */
export function sessionLifetime(): { idleMs: number; maxMs: number } {
  const { SESSION_IDLE_MINUTES, SESSION_MAX_DAYS } = env();
  return { idleMs: SESSION_IDLE_MINUTES * 60_000, maxMs: SESSION_MAX_DAYS * 24 * 60 * 60_000 };
}

/** The session cookie's Max-Age: the absolute expiry (the database decides the rest). */
export function sessionMaxAgeSeconds(): number {
  return Math.floor(sessionLifetime().maxMs / 1000);
}
