import { z } from "zod";

// Checked once at start-up so a wrong setting fails loudly instead of halfway through a request.
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().optional(),
  SESSION_SECRET: z.string().min(16).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("ServiceHub <servicehub@localhost>"),
  APP_URL: z.string().url().optional(),
  PORT: z.coerce.number().int().positive().default(3000),
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  if (parsed.data.NODE_ENV === "production" && !parsed.data.SESSION_SECRET) {
    console.warn("SESSION_SECRET is not set; using a development secret. Set it in production.");
  }
  cached = parsed.data;
  return cached;
}

export function sessionSecrets(): string[] {
  return [env().SESSION_SECRET ?? "servicehub-dev-secret-change-me"];
}
