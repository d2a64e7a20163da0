import { sql } from "kysely";
import type { Executor } from "~/server/audit.server";
import { containsIgnoreCase, isPostgresDb } from "~/server/db-helpers.server";
import { parseSearchTerm } from "./catalogue-query";
import { closestWord, trigrams } from "./did-you-mean";

/** Names read to find the closest word: enough for a typo, bounded for a catalogue of 100,000. */
const CANDIDATES = 300;

/**
 * "Meinten Sie …?" for a search without hits (issue 32 §11): names of this catalogue's services
 * that share a trigram with the term, found through the name index of migration 0008 (FTS5
 * trigram on SQLite, pg_trgm on Postgres), then the closest word among them.
 */
export async function didYouMean(db: Executor, catalogueId: number, raw: string): Promise<string | null> {
  const term = parseSearchTerm(raw);
  if (term.kind !== "substring" || term.term.length < 4 || term.term.length > 40) return null;
  const grams = trigrams(term.term);
  let query = db
    .selectFrom("services as s")
    .select("s.name")
    .where("s.deleted_at", "is", null)
    .where("s.service_catalogue_id", "=", catalogueId)
    .limit(CANDIDATES);
  if (isPostgresDb(db)) {
    query = query.where(sql<boolean>`(${sql.join(grams.map((gram) => containsIgnoreCase(db, "s.name", gram)), sql` or `)})`);
  } else {
    const match = grams.map((gram) => `"${gram.replace(/"/g, '""')}"`).join(" OR ");
    query = query.where(sql<boolean>`s.id in (select rowid from services_name_fts where services_name_fts match ${match})`);
  }
  const rows = await query.execute();
  return closestWord(term.term, rows.map((row) => row.name ?? ""));
}
