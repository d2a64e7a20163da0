import { sql } from "kysely";
import { TRANSLATED_FIELDS } from "~/modules/service/service-sections";
import { sourceHash, translationsOf, translationTexts } from "~/modules/translations/translations.server";
import type { Executor } from "~/server/audit.server";

/** The fields of a service the API publishes (no picture bytes, no internal ids of people). */
const FIELDS = [
  "s.id",
  "s.name",
  "s.service_catalogue_id",
  "s.category_id",
  "s.short_description",
  "s.description",
  "s.content",
  "s.advantages",
  "s.servicetype",
  "s.art_nr",
  "s.user",
  "s.booking",
  "s.restriction",
  "s.cancelling",
  "s.delivery_time",
  "s.delivery_point",
  "s.reporting",
  "s.serviceprovidercontract",
  "s.customerspecific",
  "s.serviceart",
  "s.plannedchanges",
  "s.servicechangeplanned",
  "s.processingpersonaldata",
  "s.personaldata",
  "s.processingsensitivpersonaldata",
  "s.processingpersonaldatalaw",
  "s.personaldatastorageduration",
  "s.personaldatatransfer",
  "s.costs",
  "s.system",
  "s.position",
  "s.updated_at",
] as const;

/** Names of related rows per service, from one query over a link table. */
async function namesBy(db: Executor, link: "service_owners" | "service_providers" | "service_kpis" | "service_tags", ids: number[]) {
  const target = { service_owners: ["owners", "owner_id"], service_providers: ["providers", "provider_id"], service_kpis: ["kpis", "kpi_id"], service_tags: ["tags", "tag_id"] } as const;
  const [table, column] = target[link];
  const { rows } = await sql<{ service_id: number; name: string }>`
    select l.service_id as service_id, t.name as name from ${sql.table(link)} l join ${sql.table(table)} t on t.id = l.${sql.ref(column)}
    where l.service_id in (${sql.join(ids)}) order by t.name, t.id`.execute(db);
  const map = new Map<number, string[]>();
  for (const row of rows) map.set(Number(row.service_id), [...(map.get(Number(row.service_id)) ?? []), row.name]);
  return map;
}

/**
 * Approved (closed), non-deleted services in id order, each with its category and area names,
 * children (options, responsibilities, links) and relations by name — a fixed number of queries
 * per page, whatever its size.
 *
 * Content languages (issue 37 §4): every row names its catalogue's original language and carries
 * the translations into the catalogue's further languages (with those whose original changed
 * since listed as outdated). With `lang`, the translated fields are in that language where a
 * translation exists; `language` says which is shown, `untranslated` which fields kept the original.
 */
export async function publishedServices(db: Executor, page: { limit?: number; offset?: number; ids?: number[]; lang?: string | null }) {
  let query = db
    .selectFrom("services as s")
    .leftJoin("service_categories as k", "k.id", "s.category_id")
    .leftJoin("service_areas as a", "a.id", "k.service_area_id")
    .leftJoin("service_catalogues as c", "c.id", "s.service_catalogue_id")
    .where("s.status", "=", "closed").where("s.stage", "=", "live")
    .where("s.deleted_at", "is", null);
  if (page.ids) query = query.where("s.id", "in", page.ids.length ? page.ids : [0]);
  const [services, total] = await Promise.all([
    query
      .select([...FIELDS, "k.name as category_name", "a.id as area_id", "a.name as area_name", "c.content_language"])
      .orderBy("s.id")
      .$if(page.limit !== undefined, (q) => q.limit(page.limit!).offset(page.offset ?? 0))
      .execute(),
    query.select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow(),
  ]);
  const ids = services.map((s) => s.id);
  if (ids.length === 0) return { rows: [], total: Number(total.n) };
  const catalogueIds = [...new Set(services.flatMap((s) => (s.service_catalogue_id === null ? [] : [s.service_catalogue_id])))];
  const [options, responsibilities, links, dependencies, owners, providers, kpis, tags, translations, further] = await Promise.all([
    db.selectFrom("service_options").select(["service_id", "name", "short_description", "description", "art_nr", "costs", "position"]).where("service_id", "in", ids).orderBy("position").orderBy("id").execute(),
    db.selectFrom("responsibilities").select(["service_id", "pos", "description", "client", "it"]).where("service_id", "in", ids).orderBy("pos").orderBy("id").execute(),
    db.selectFrom("service_links").select(["service_id", "url", "position"]).where("service_id", "in", ids).orderBy("position").orderBy("id").execute(),
    db
      .selectFrom("service_dependencies as d")
      .innerJoin("services as r", "r.id", "d.required_service_id")
      .select(["d.service_id", "r.name"])
      .where("d.service_id", "in", ids)
      .where("r.deleted_at", "is", null)
      .orderBy("r.name")
      .execute(),
    namesBy(db, "service_owners", ids),
    namesBy(db, "service_providers", ids),
    namesBy(db, "service_kpis", ids),
    namesBy(db, "service_tags", ids),
    translationsOf(db, "service", ids, TRANSLATED_FIELDS),
    db
      .selectFrom("catalogue_languages")
      .select(["catalogue_id", "language"])
      .where("catalogue_id", "in", catalogueIds.length ? catalogueIds : [0])
      .execute(),
  ]);
  const of = <T extends { service_id: number }>(rows: T[], id: number) => rows.filter((r) => r.service_id === id).map(({ service_id: _, ...rest }) => rest);
  const rows = services.map(({ content_language, ...s }) => ({
    ...s,
    ...languagesOf(s, content_language ?? "de", further.filter((f) => f.catalogue_id === s.service_catalogue_id).map((f) => f.language), translations.get(s.id), page.lang ?? null),
    options: of(options, s.id),
    responsibilities: of(responsibilities, s.id).map((r) => ({ ...r, client: Number(r.client), it: Number(r.it) })),
    links: of(links, s.id),
    owners: owners.get(s.id) ?? [],
    providers: providers.get(s.id) ?? [],
    kpis: kpis.get(s.id) ?? [],
    tags: tags.get(s.id) ?? [],
    required_services: of(dependencies, s.id).map((d) => d.name),
  }));
  return { rows, total: Number(total.n) };
}

type TranslatedField = (typeof TRANSLATED_FIELDS)[number];

/** A row's language fields: the translations on offer and, when a language is asked for, its texts. */
function languagesOf(
  s: Record<TranslatedField, string | null>,
  primary: string,
  offered: string[],
  stored: Awaited<ReturnType<typeof translationsOf>> extends Map<number, infer T> ? T | undefined : never,
  asked: string | null,
) {
  const kept = Object.fromEntries(Object.entries(stored ?? {}).filter(([language]) => offered.includes(language) && language !== primary));
  const outdated = Object.fromEntries(
    Object.entries(kept).map(([language, fields]) => [language, Object.entries(fields).flatMap(([field, t]) => (t.sourceHash === sourceHash(s[field as TranslatedField]) ? [] : [field]))]),
  );
  const base = { content_language: primary, translations: translationTexts(kept), outdated_translations: outdated };
  if (!asked) return base;
  const language = asked === primary || asked in kept || offered.includes(asked) ? asked : primary;
  const texts: Partial<Record<TranslatedField, string>> = {};
  const untranslated: TranslatedField[] = [];
  if (language !== primary) {
    for (const field of TRANSLATED_FIELDS) {
      const translation = kept[language]?.[field]?.value;
      if (translation) texts[field] = translation;
      else if (s[field]) untranslated.push(field);
    }
  }
  return { ...base, ...texts, language, untranslated };
}

export type PublishedService = Awaited<ReturnType<typeof publishedServices>>["rows"][number];
