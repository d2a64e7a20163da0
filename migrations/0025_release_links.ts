/**
 * Share links of releases (issue 35 §7): a read-only link to one release for people without an
 * account. Only the token's SHA-256 is stored; the link is shown once, when it is made. Optional
 * expiry, revocable, with an access count and the last access. `release_link_hits` counts the
 * requests per client address and minute (the rate limit holds across several app servers).
 */
import { type Kysely } from "kysely";
import { id, index, optionalRef, requiredRef, texts, timestamp } from "./lib/columns";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  let links = requiredRef(id(db, db.schema.createTable("release_links")), "release_id", "releases.id");
  links = links.addColumn("token_hash", "text", (c) => c.notNull().unique());
  links = texts(links, "label", "expires_at", "revoked_at", "last_access_at", "created_by_name");
  links = optionalRef(links, "created_by", "users.id").addColumn("access_count", "integer", (c) => c.notNull().defaultTo(0));
  await timestamp(db, links, "created_at").execute();
  await index(db, "release_links", ["release_id"]);
  await db.schema
    .createTable("release_link_hits")
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("window_start", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("release_link_hits_pk", ["ip", "window_start"])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("release_link_hits").ifExists().execute();
  await db.schema.dropTable("release_links").ifExists().execute();
}
