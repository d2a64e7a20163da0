/**
 * Access: users, sessions, password reset, login throttling, single sign-on, key/value settings and
 * the audit log. Portable column conventions: see ./lib/columns.ts.
 */
import { sql, type Kysely } from "kysely";
import { flag, id, index, nowIso, requiredRef, texts, timestamp, timestamps, uniqueLower } from "./lib/columns";

const ROLES = ["client", "user", "keyuser", "keysuperuser", "admin", "superadmin"] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const roleList = sql.join(ROLES.map((r) => sql.lit(r)));

  let users = id(db, db.schema.createTable("users"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("password_hash", "text")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("user").check(sql`role in (${roleList})`));
  users = flag(users, "azure_user");
  users = texts(users, "email_verified_at", "two_factor_secret", "two_factor_recovery_codes", "settings");
  users = flag(users, "privacy_accepted");
  users = flag(users, "word_export");
  await timestamps(db, users).execute();
  await uniqueLower(db, "users", "email");

  let sessions = db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey());
  sessions = requiredRef(sessions, "user_id", "users.id")
    .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("expires_at", "text", (c) => c.notNull());
  sessions = timestamp(db, sessions, "created_at").addColumn("user_agent", "text");
  await sessions.execute();
  await index(db, "sessions", ["user_id"]);
  await index(db, "sessions", ["expires_at"]);

  let resets = requiredRef(id(db, db.schema.createTable("password_reset_tokens")), "user_id", "users.id")
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text");
  resets = timestamp(db, resets, "created_at");
  await resets.execute();
  await index(db, "password_reset_tokens", ["user_id"]);

  // email is stored lower-case by the application.
  const attempts = id(db, db.schema.createTable("login_attempts"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("ip", "text");
  await timestamp(db, attempts, "created_at").execute();
  await index(db, "login_attempts", ["email", "created_at"]);
  await index(db, "login_attempts", ["ip", "created_at"]);

  // Key/value settings (app bar, login form, logo, api key, contract, export licence); value is JSON.
  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(nowIso(db)))
    .execute();

  // Single sign-on (Entra ID) accounts linked to a local user. azure_groups / azure_roles /
  // additional_data are JSON text.
  let sso = requiredRef(id(db, db.schema.createTable("authenticated_users")), "user_id", "users.id")
    .addColumn("azure_id", "text", (c) => c.notNull());
  sso = texts(sso, "email", "name", "azure_groups", "azure_roles", "last_login", "additional_data");
  await timestamps(db, sso).execute();
  await db.schema
    .createIndex("authenticated_users_azure_id_unique")
    .on("authenticated_users")
    .column("azure_id")
    .unique()
    .execute();
  await index(db, "authenticated_users", ["user_id"]);

  // Audit log. subject_id is text so that non-numeric subjects (settings keys) fit as well.
  // causer_name keeps the name readable after the user is deleted. old/new values are JSON text.
  let activities = id(db, db.schema.createTable("activities"))
    .addColumn("subject_type", "text", (c) => c.notNull())
    .addColumn("subject_id", "text")
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("causer_id", "integer", (c) => c.references("users.id").onDelete("set null"));
  activities = texts(activities, "causer_name", "old_values", "new_values", "description");
  await timestamp(db, activities, "created_at").execute();
  await index(db, "activities", ["subject_type", "subject_id"]);
  await index(db, "activities", ["created_at"]);
  await index(db, "activities", ["causer_id"]);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "activities",
    "authenticated_users",
    "settings",
    "login_attempts",
    "password_reset_tokens",
    "sessions",
    "users",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
