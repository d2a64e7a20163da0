/**
 * Generates a large, realistic catalogue for benchmarks (docs/benchmarks.md): ~8 areas, ~80
 * categories and N services with German names and HTML texts, mixed status/percent/type,
 * contiguous positions per category, and links to owners, KPIs and tags (created when missing).
 *
 *   DATABASE_URL=file:data/bench-10k.db tsx scripts/gen-catalogue.ts --services 10000 \
 *     [--catalogue <id> | --new-catalogue "Bench 10k"] [--seed 42] [--demo]
 *
 * Migrates first; `--demo` also writes the demo content (seedDemo, e.g. for its users) before
 * generating. Deterministic for a given --seed: the same seed yields the same names, texts,
 * statuses, positions and links (timestamps are derived from a fixed date, not the clock).
 * Services are inserted in multi-row batches. On Postgres each chunk is a transaction and the
 * pg_trgm index is maintained on insert. On SQLite everything is one transaction that sets the
 * FTS insert trigger aside, inserts, restores the trigger and rebuilds the FTS index once (about
 * twice as fast as indexing row by row; nobody sees the table without its trigger, and the
 * triggers keep the index correct for every later change either way).
 * Works on SQLite and Postgres.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql, type Insertable, type Kysely, type Transaction } from "kysely";
import { createDb } from "../app/server/db/db.server";
import { migrateToLatest } from "../app/server/db/migrate.server";
import type { Database, ServicesTable, ServiceStatus, ServiceType } from "../app/server/db/schema";
import { seedDemo } from "../app/server/db/seed.server";
import { isPostgresDb } from "../app/server/db-helpers.server";

// ------------------------------------------------------------------------------------------ PRNG

/** mulberry32: a tiny, fast, seedable PRNG (deterministic across platforms). */
export function createRng(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  /** Skewed towards the start of the list (a few owners/tags are used a lot, most rarely). */
  const pickSkewed = <T>(list: readonly T[]): T => list[Math.floor(Math.pow(next(), 1.7) * list.length)];
  const chance = (p: number): boolean => next() < p;
  /** `k` distinct elements (k ≤ list.length), skewed like pickSkewed. */
  const distinct = <T>(list: readonly T[], k: number): T[] => {
    const out = new Set<T>();
    while (out.size < Math.min(k, list.length)) out.add(pickSkewed(list));
    return [...out];
  };
  return { next, int, pick, pickSkewed, chance, distinct };
}
export type Rng = ReturnType<typeof createRng>;

// ------------------------------------------------------------------------------------ word lists

const AREAS: ReadonlyArray<{ name: string; categories: readonly string[] }> = [
  {
    name: "Arbeitsplatz & Endgeräte",
    categories: ["Notebooks & PCs", "Mobile Geräte", "Drucken & Scannen", "Peripherie", "Softwareverteilung", "Lizenzen", "Arbeitsplatz-Support", "Besprechungsräume", "Homeoffice", "Gerätelebenszyklus"],
  },
  {
    name: "Kommunikation & Zusammenarbeit",
    categories: ["E-Mail & Kalender", "Telefonie", "Videokonferenz", "Chat & Teams", "Intranet", "Dateiablage", "Wissensmanagement", "Mobilfunk", "Digitale Signatur", "Newsletter & Umfragen"],
  },
  {
    name: "Infrastruktur & Rechenzentrum",
    categories: ["Virtuelle Server", "Physische Server", "Speicher", "Datensicherung", "Datenbanken", "Container-Plattform", "Cloud-Dienste", "Rechenzentrumsfläche", "Monitoring", "Verzeichnisdienste"],
  },
  {
    name: "Netzwerk & Konnektivität",
    categories: ["LAN", "WLAN", "WAN & Standortvernetzung", "Fernzugriff (VPN)", "Internetzugang", "DNS & Domains", "Lastverteilung", "Netzwerksicherheit", "Gastzugang", "Verkabelung"],
  },
  {
    name: "Anwendungen & Fachverfahren",
    categories: ["ERP", "CRM", "Personalsoftware", "Finanzbuchhaltung", "Dokumentenmanagement", "Geoinformation", "Fachportale", "Schnittstellen", "Individualentwicklung", "Berichtswesen"],
  },
  {
    name: "Informationssicherheit",
    categories: ["Identitäten & Zugriffe", "Zertifikate", "Schwachstellenmanagement", "Virenschutz", "Sicherheitsvorfälle", "Awareness", "Verschlüsselung", "Notfallvorsorge", "Datenschutz", "Protokollierung"],
  },
  {
    name: "Beratung & Projekte",
    categories: ["IT-Beratung", "Projektbegleitung", "Anforderungsmanagement", "Architektur", "Beschaffungsberatung", "Schulungen", "Digitalisierung", "Prozessberatung", "Testmanagement", "Einführungsunterstützung"],
  },
  {
    name: "Personal- & Verwaltungsservices",
    categories: ["Zeiterfassung", "Reisekosten", "Bewerbermanagement", "Fortbildung", "Arbeitsschutz", "Gebäudemanagement", "Fuhrpark", "Post & Logistik", "Einkauf", "Veranstaltungen"],
  },
];

const ADJECTIVES = [
  "zentral", "mobil", "sicher", "digital", "virtuell", "automatisiert", "verwaltet", "standardisiert",
  "erweitert", "hybrid", "dezentral", "gehostet", "redundant", "skalierbar", "persönlich", "dediziert",
  "cloudbasiert", "priorisiert", "individuell", "regional", "global", "kontinuierlich", "vereinfacht", "barrierefrei",
] as const;

/** Things a service is about; used in names ("Notebook-Bereitstellung") and in the texts. */
export const OBJECTS = [
  "Notebook", "Drucker", "Server", "Datenbank", "Netzwerk", "Firewall", "Postfach", "Telefonie", "Lizenz", "Speicher",
  "Backup", "Smartphone", "Tablet", "Monitor", "Scanner", "Router", "WLAN", "VPN", "Portal", "Intranet",
  "Wiki", "Kalender", "Archiv", "Zertifikat", "Domain", "Webseite", "Videokonferenz", "Container", "Plattform", "Cloud",
  "Mainframe", "Terminal", "Kiosk", "Headset", "Kamera", "Beamer", "Software", "Anwendung", "Schnittstelle", "Verzeichnis",
  "Benutzerkonto", "Zeiterfassung", "Reisekosten", "Rechnung", "Vertrag", "Bestellung", "Formular", "Signatur", "Ticket", "Chat",
] as const;

/** Kinds of work, with their grammatical gender (drives the adjective ending). */
const ACTIVITIES: ReadonlyArray<[string, "f" | "m" | "n"]> = [
  ["Bereitstellung", "f"], ["Betrieb", "m"], ["Wartung", "f"], ["Support", "m"], ["Management", "n"],
  ["Beratung", "f"], ["Überwachung", "f"], ["Sicherung", "f"], ["Migration", "f"], ["Schulung", "f"],
  ["Verwaltung", "f"], ["Service", "m"], ["Monitoring", "n"], ["Hosting", "n"], ["Einrichtung", "f"],
  ["Entstörung", "f"], ["Archivierung", "f"], ["Prüfung", "f"], ["Austausch", "m"], ["Reporting", "n"],
];
const FEMININE_ACTIVITIES = ACTIVITIES.filter(([, g]) => g === "f").map(([w]) => w);
const NAME_SUFFIXES = ["Plus", "Premium", "Basis", "Kompakt", "für den Außendienst", "für Standorte", "(Pilot)", "24/7", "Express", "(Legacy)"];

/**
 * Specialist terms, each mentioned by roughly 1 % of services: search terms that "appear in some
 * descriptions" (the benchmark searches for one of them). None is a substring of other generated text.
 */
export const RARE_TERMS = [
  "Failover", "Sandbox", "Hotfix", "Rollout", "Staging", "Quorum", "Tresor", "Mandant", "Cluster", "Replikat",
  "Snapshot", "Firmware", "Proxy", "Gateway", "Hashwert", "Webhook", "Cronjob", "Logfile", "Roaming", "Tunnel",
  "Vorlage", "Sperrung", "Jumphost", "Kiosk-PC", "Zeitserver", "Lastspitze", "Bandbreite", "Kontingent", "Sperrfrist", "Makro",
  "Smartcard", "Leihgerät", "Rufnummer", "Faxserver", "Plotter", "Dongle", "Mailbox", "Barcode", "Etikett", "Kassette",
  "Wallbox", "Beacon", "Sensorik", "Funkzelle", "Richtfunk", "Glasfaser", "Patchfeld", "Serverraum", "Notstrom", "Klimagerät",
];

const AUDIENCES = [
  "alle Mitarbeitenden", "Führungskräfte", "den Außendienst", "die Fachbereiche", "Auszubildende", "externe Dienstleister",
  "die Buchhaltung", "das Personalwesen", "Projektteams", "die Geschäftsführung", "Schichtbetriebe", "Standorte ohne eigene IT",
];
const PLACES = ["im eigenen Rechenzentrum", "in der zertifizierten Cloud-Umgebung", "bei einem externen Dienstleister", "an allen Standorten", "im georedundanten Verbund"];
const TOPICS = ["Datenschutz", "Informationssicherheit", "Verfügbarkeit", "Barrierefreiheit", "Nachhaltigkeit", "Revisionssicherheit", "Compliance", "Kostentransparenz"];
const WHEN = ["im monatlichen Wartungsfenster", "nach Abstimmung mit dem Fachbereich", "werktags zwischen 7 und 18 Uhr", "außerhalb der Kernarbeitszeit", "nach Freigabe durch das Change Advisory Board"];
const BILLING = ["monatlich pro Nutzerin und Nutzer", "nach tatsächlichem Verbrauch", "pauschal pro Standort", "über die interne Leistungsverrechnung", "einmalig bei Bestellung"];
const PREREQUISITES = ["ein gültiges Benutzerkonto", "die Freigabe durch die Führungskraft", "ein dienstliches Endgerät", "die Teilnahme an der Sicherheitsunterweisung", "eine gültige Kostenstelle"];
const MEASURES = ["Verfügbarkeit", "Reaktionszeit", "Lösungszeit", "Kundenzufriedenheit", "Erstlösungsquote"];
const REPORTS = ["monatlichen Servicebericht", "Quartalsbericht", "Dashboard des Self-Service-Portals", "jährlichen Service-Review"];
const APPROVERS = ["die Führungskraft", "den Fachbereich", "die Informationssicherheit", "das Lizenzmanagement"];
const USERS = ["Alle Mitarbeitenden", "Führungskräfte", "Mitarbeitende im Außendienst", "Fachbereiche nach Freigabe", "Projektteams", "Auszubildende und Praktikanten", "Externe Dienstleister mit Vertrag"];
const BOOKINGS = ["Über das Self-Service-Portal", "Über den Service Desk", "Per Bestellformular im Intranet", "Über die zuständige Führungskraft", "Automatisch bei Eintritt"];
const DELIVERY = ["1 Arbeitstag", "2 Arbeitstage", "5 Arbeitstage", "10 Arbeitstage", "nach Vereinbarung"];
const ADVANTAGES = [
  "Standardisierte, schnelle Bereitstellung", "Betreuung durch den Service Desk", "Planbare monatliche Kosten", "Hohe Verfügbarkeit",
  "Zentrale Datensicherung", "Nutzung auch im Homeoffice", "Geprüft durch die Informationssicherheit", "Automatische Updates",
];

/** ~30 owners; names that already exist (case-insensitively, e.g. from the demo) are reused. */
export const OWNER_NAMES = [
  "IT-Arbeitsplatzservices", "Rechenzentrumsbetrieb", "Netzwerk & Kommunikation", "Anwendungsbetreuung", "Informationssicherheit",
  "Personal & Organisation", "Einkauf & Beschaffung", "Service Desk", "Plattformbetrieb", "Datenbankteam",
  "Cloud Competence Center", "Collaboration Services", "Identity & Access Management", "SAP Competence Center", "Digitalisierungsbüro",
  "Projektmanagement-Office", "Architekturboard", "Lizenzmanagement", "Mobile Services", "Druck- & Postdienste",
  "Geoinformationsdienste", "Fachverfahren Finanzen", "Fachverfahren Personal", "Webdienste", "Schnittstellenteam",
  "Security Operations", "Gebäudetechnik", "Fuhrparkmanagement", "Schulungszentrum", "Qualitätsmanagement",
];
/** ~40 tags. */
export const TAG_NAMES = [
  "Standardservice", "Cloud", "Homeoffice", "Sicherheit", "Microsoft 365", "SAP", "Neu", "Kritisch", "Extern", "Intern",
  "Kostenpflichtig", "Kostenfrei", "Genehmigungspflichtig", "Self-Service", "24/7", "Barrierefrei", "Datenschutzrelevant", "Pilot", "Auslaufend", "Mobil",
  "Linux", "Windows", "Open Source", "Rechenzentrum", "Netzwerk", "Schulung", "Beratung", "Projekt", "Automatisiert", "Zertifiziert",
  "Nachhaltig", "Standortgebunden", "Mandantenfähig", "Hochverfügbar", "Archivierung", "KI", "Fachverfahren", "Verwaltung", "Personal", "Finanzen",
];
/** ~10 KPIs. */
export const KPI_NAMES = [
  "Verfügbarkeit 99,5 %", "Verfügbarkeit 99,9 %", "Reaktionszeit 4 Stunden", "Lösungszeit 1 Arbeitstag", "Bereitstellungszeit 5 Arbeitstage",
  "Erstlösungsquote 70 %", "Kundenzufriedenheit 4 von 5", "Wiederherstellungszeit 8 Stunden", "Patch-Quote 95 %", "Termintreue 90 %",
];

// ------------------------------------------------------------------------------------------ text

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function adjective(stem: string, gender: "f" | "m" | "n"): string {
  return cap(stem) + (gender === "f" ? "e" : gender === "m" ? "er" : "es");
}

export function serviceName(rng: Rng): string {
  const [activity, gender] = rng.pick(ACTIVITIES);
  const base = `${adjective(rng.pick(ADJECTIVES), gender)} ${rng.pick(OBJECTS)}-${activity}`;
  return rng.chance(0.3) ? `${base} ${rng.pick(NAME_SUFFIXES)}` : base;
}

const SENTENCES: ReadonlyArray<(r: Rng) => string> = [
  (r) => `Wir übernehmen die vollständige ${r.pick(FEMININE_ACTIVITIES)} für ${r.pick(AUDIENCES)}.`,
  (r) => `Der Leistungsumfang umfasst ${r.pick(OBJECTS)}, ${r.pick(OBJECTS)} und ${r.pick(OBJECTS)} einschließlich der zugehörigen Dokumentation.`,
  (r) => `Die Bereitstellung erfolgt innerhalb von ${r.int(2, 10)} Arbeitstagen nach Genehmigung durch ${r.pick(APPROVERS)}.`,
  (r) => `Störungen werden über den Service Desk erfasst und gemäß der vereinbarten Reaktionszeit von ${r.int(1, 8)} Stunden bearbeitet.`,
  (r) => `Der Betrieb erfolgt ${r.pick(PLACES)} unter Berücksichtigung der Vorgaben zu ${r.pick(TOPICS)} und ${r.pick(TOPICS)}.`,
  (r) => `Für ${r.pick(AUDIENCES)} steht zusätzlich eine Einweisung in die ${r.pick(OBJECTS)}-Nutzung zur Verfügung.`,
  (r) => `Änderungen an ${r.pick(OBJECTS)} und ${r.pick(OBJECTS)} werden im Rahmen des Change-Managements ${r.pick(WHEN)} umgesetzt.`,
  (r) => `Die Abrechnung erfolgt ${r.pick(BILLING)}.`,
  (r) => `Voraussetzung für die Nutzung ist ${r.pick(PREREQUISITES)}.`,
  (r) => `Kennzahlen wie ${r.pick(MEASURES)} und ${r.pick(MEASURES)} werden im ${r.pick(REPORTS)} ausgewiesen.`,
  (r) => `Bei Bedarf unterstützt das zuständige Team bei der ${r.pick(FEMININE_ACTIVITIES)} von ${r.pick(OBJECTS)} und ${r.pick(OBJECTS)}.`,
  (r) => `Der Service reduziert den Aufwand für ${r.pick(AUDIENCES)} und schafft klare Zuständigkeiten.`,
  (r) => `Sicherheitsrelevante Aktualisierungen für ${r.pick(OBJECTS)} werden ${r.pick(WHEN)} eingespielt.`,
  (r) => `Die ${r.pick(FEMININE_ACTIVITIES)} ist mit ${r.pick(OBJECTS)} und ${r.pick(OBJECTS)} abgestimmt und wird regelmäßig überprüft.`,
  (r) => `Sonderfälle wie ${r.pick(RARE_TERMS)} werden gesondert mit dem zuständigen Team vereinbart.`,
];

function wordCount(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

/** Sentences until the paragraph has at least `min` words (and, if possible, at most `max`). */
function paragraph(rng: Rng, min: number, max: number): string {
  const target = rng.int(min, max);
  const parts: string[] = [];
  let words = 0;
  while (words < target) {
    const s = rng.pick(SENTENCES)(rng);
    const n = wordCount(s);
    if (words >= min && words + n > max) break;
    parts.push(s);
    words += n;
  }
  return parts.join(" ");
}

const p = (text: string) => `<p>${text}</p>`;
const ul = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>`;

// ------------------------------------------------------------------------------------- generator

export interface GenerateOptions {
  /** Number of services to create. */
  services: number;
  /** PRNG seed (default 42). */
  seed?: number;
  /** Put the generated areas/categories/services into this existing catalogue … */
  catalogueId?: number;
  /** … or into a new one with this title (default "Bench <N>"). */
  catalogueTitle?: string;
  areas?: number;
  categories?: number;
  /** Services generated and inserted per step (default 2000; on Postgres one transaction each); at most 250 rows per INSERT. */
  chunkSize?: number;
  log?: (message: string) => void;
}

export interface GenerateResult {
  catalogueId: number;
  areaIds: number[];
  categoryIds: number[];
  services: number;
  ownerIds: number[];
  tagIds: number[];
  kpiIds: number[];
  links: { owners: number; kpis: number; tags: number };
  ms: number;
}

const STATUS_WEIGHTS: ReadonlyArray<[ServiceStatus, number]> = [
  ["open", 0.4],
  ["checking", 0.3],
  ["closed", 0.3],
];
const ROWS_PER_STATEMENT = 250;
/** Fixed reference date: timestamps are spread over the two years before it (deterministic). */
const BASE_TIME = Date.parse("2026-01-01T00:00:00.000Z");

function pickStatus(rng: Rng): ServiceStatus {
  let x = rng.next();
  for (const [status, w] of STATUS_WEIGHTS) {
    if (x < w) return status;
    x -= w;
  }
  return "closed";
}

/** Ids of the named rows, inserting those that do not exist yet (names compared case-insensitively). */
async function ensureNamed(
  db: Kysely<Database>,
  table: "owners" | "tags" | "kpis",
  names: readonly string[],
  now: string,
): Promise<number[]> {
  const existing = await db.selectFrom(table).select(["id", "name"]).execute();
  const byName = new Map(existing.map((r) => [r.name.toLowerCase(), r.id]));
  const missing = names.filter((n) => !byName.has(n.toLowerCase()));
  if (missing.length) {
    const rows = await db
      .insertInto(table)
      .values(missing.map((name) => ({ name, created_at: now, updated_at: now })))
      .returning(["id", "name"])
      .execute();
    for (const r of rows) byName.set(r.name.toLowerCase(), r.id);
  }
  return names.map((n) => byName.get(n.toLowerCase())!);
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

interface ChunkPlan {
  rows: Array<Insertable<ServicesTable>>;
  links: Array<{ key: string; owners: number[]; kpis: number[]; tags: number[] }>;
}

/** Inserts one chunk of services and their links; returns how many links it wrote. */
async function insertChunk(trx: Transaction<Database>, plan: ChunkPlan) {
  // (category_id, position) is unique among generated services, so it maps returned ids back to
  // their rows without relying on the order of a multi-row RETURNING.
  const idByKey = new Map<string, number>();
  for (const batch of chunks(plan.rows, ROWS_PER_STATEMENT)) {
    const inserted = await trx.insertInto("services").values(batch).returning(["id", "category_id", "position"]).execute();
    for (const r of inserted) idByKey.set(`${r.category_id}:${r.position}`, r.id);
  }
  const owners: Array<{ service_id: number; owner_id: number }> = [];
  const kpis: Array<{ service_id: number; kpi_id: number }> = [];
  const tags: Array<{ service_id: number; tag_id: number }> = [];
  for (const link of plan.links) {
    const serviceId = idByKey.get(link.key);
    if (serviceId === undefined) throw new Error(`no id returned for service ${link.key}`);
    for (const id of link.owners) owners.push({ service_id: serviceId, owner_id: id });
    for (const id of link.kpis) kpis.push({ service_id: serviceId, kpi_id: id });
    for (const id of link.tags) tags.push({ service_id: serviceId, tag_id: id });
  }
  for (const batch of chunks(owners, 1000)) await trx.insertInto("service_owners").values(batch).execute();
  for (const batch of chunks(kpis, 1000)) await trx.insertInto("service_kpis").values(batch).execute();
  for (const batch of chunks(tags, 1000)) await trx.insertInto("service_tags").values(batch).execute();
  return { owners: owners.length, kpis: kpis.length, tags: tags.length };
}

/** Creates the catalogue structure and N services; see the file comment. */
export async function generateCatalogue(db: Kysely<Database>, opts: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  const log = opts.log ?? (() => {});
  const total = opts.services;
  if (!Number.isSafeInteger(total) || total < 0) throw new Error(`--services must be a non-negative integer, got ${total}`);
  const rng = createRng(opts.seed ?? 42);
  const areaCount = Math.max(1, opts.areas ?? 8);
  const categoryCount = Math.max(1, opts.categories ?? 80);
  const chunkSize = Math.max(1, opts.chunkSize ?? 2000);
  const now = new Date(BASE_TIME).toISOString();

  const ownerIds = await ensureNamed(db, "owners", OWNER_NAMES, now);
  const tagIds = await ensureNamed(db, "tags", TAG_NAMES, now);
  const kpiIds = await ensureNamed(db, "kpis", KPI_NAMES, now);

  // Catalogue, areas and categories.
  const { catalogueId, areaIds, categoryIds, areaCodes } = await db.transaction().execute(async (trx) => {
    let catalogueId = opts.catalogueId;
    if (catalogueId === undefined) {
      const row = await trx
        .insertInto("service_catalogues")
        .values({ title: opts.catalogueTitle ?? `Bench ${total}`, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      catalogueId = row.id;
    } else if (!(await trx.selectFrom("service_catalogues").select("id").where("id", "=", catalogueId).executeTakeFirst())) {
      throw new Error(`catalogue ${catalogueId} does not exist`);
    }
    const maxArea = await trx
      .selectFrom("service_areas")
      .select((eb) => eb.fn.max("position").as("p"))
      .where("service_catalogue_id", "=", catalogueId)
      .executeTakeFirst();
    const firstAreaPos = maxArea?.p == null ? 0 : Number(maxArea.p) + 1;
    const areaIds: number[] = [];
    const areaCodes: string[] = [];
    for (let i = 0; i < areaCount; i++) {
      const spec = AREAS[i % AREAS.length];
      const round = Math.floor(i / AREAS.length);
      const name = round ? `${spec.name} ${round + 1}` : spec.name;
      const row = await trx
        .insertInto("service_areas")
        .values({ service_catalogue_id: catalogueId, name, description: p(`Services im Bereich ${name}.`), position: firstAreaPos + i, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      areaIds.push(row.id);
      areaCodes.push(spec.name.slice(0, 3).toUpperCase() + (round ? String(round + 1) : ""));
    }
    const categoryIds: number[] = [];
    const perArea = new Array<number>(areaCount).fill(0);
    for (let i = 0; i < categoryCount; i++) {
      const areaIndex = i % areaCount;
      const spec = AREAS[areaIndex % AREAS.length];
      const k = perArea[areaIndex]++;
      const round = Math.floor(k / spec.categories.length);
      const base = spec.categories[k % spec.categories.length];
      const name = round ? `${base} ${round + 1}` : base;
      const row = await trx
        .insertInto("service_categories")
        .values({
          service_catalogue_id: catalogueId,
          service_area_id: areaIds[areaIndex],
          name,
          description: p(`Leistungen rund um ${name}.`),
          position: k,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      categoryIds.push(row.id);
    }
    return { catalogueId, areaIds, categoryIds, areaCodes };
  });
  log(`catalogue ${catalogueId}: ${areaIds.length} areas, ${categoryIds.length} categories`);

  // Services: positions are contiguous (0, 1, 2, …) per category in insertion order.
  const nextPosition = new Array<number>(categoryIds.length).fill(0);
  const links = { owners: 0, kpis: 0, tags: 0 };
  const planChunk = (first: number, n: number): ChunkPlan => {
    const rows: Array<Insertable<ServicesTable>> = [];
    const linkPlan: ChunkPlan["links"] = [];
    for (let i = 0; i < n; i++) {
      const seq = first + i + 1;
      const catIndex = rng.int(0, categoryIds.length - 1);
      const position = nextPosition[catIndex]++;
      const status = pickStatus(rng);
      const statuspercent = status === "closed" ? 100 : status === "checking" ? rng.int(6, 9) * 10 : rng.int(0, 5) * 10;
      const servicetype: ServiceType = rng.chance(0.6) ? "customer" : "it";
      const createdHoursAgo = rng.int(24, 2 * 365 * 24);
      const updatedHoursAgo = rng.int(0, createdHoursAgo);
      rows.push({
        service_catalogue_id: catalogueId,
        name: serviceName(rng),
        category_id: categoryIds[catIndex],
        short_description: p(paragraph(rng, 30, 50)),
        description: p(paragraph(rng, 30, 60)) + p(paragraph(rng, 30, 60)),
        content: p(paragraph(rng, 30, 80)),
        advantages: rng.chance(0.5) ? ul(rng.distinct(ADVANTAGES, rng.int(2, 4))) : null,
        status,
        statuspercent,
        servicetype,
        servicechangeplanned: rng.chance(0.1) ? 1 : 0,
        art_nr: `${areaCodes[catIndex % areaCodes.length]}-${String(catIndex + 1).padStart(2, "0")}-${String(seq).padStart(6, "0")}`,
        user: rng.pick(USERS),
        booking: rng.pick(BOOKINGS),
        delivery_time: rng.pick(DELIVERY),
        serviceart: servicetype === "it" ? "Basisservice" : "Anwenderservice",
        position,
        created_at: new Date(BASE_TIME - createdHoursAgo * 3_600_000).toISOString(),
        updated_at: new Date(BASE_TIME - updatedHoursAgo * 3_600_000).toISOString(),
      });
      const ownerCount = rng.chance(0.05) ? 0 : rng.chance(0.75) ? 1 : 2;
      const kpiCount = rng.chance(0.1) ? 0 : rng.int(1, 2);
      const tagCount = rng.chance(0.2) ? 0 : rng.int(1, 3);
      linkPlan.push({
        key: `${categoryIds[catIndex]}:${position}`,
        owners: rng.distinct(ownerIds, ownerCount),
        kpis: rng.distinct(kpiIds, kpiCount),
        tags: rng.distinct(tagIds, tagCount),
      });
    }
    return { rows, links: linkPlan };
  };
  const insertAll = async (trx: Transaction<Database>) => {
    for (let done = 0; done < total; ) {
      const n = Math.min(chunkSize, total - done);
      const counted = await insertChunk(trx, planChunk(done, n));
      links.owners += counted.owners;
      links.kpis += counted.kpis;
      links.tags += counted.tags;
      done += n;
      log(`services: ${done}/${total} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
  };

  if (isPostgresDb(db)) {
    // One transaction per chunk; the pg_trgm GIN index is maintained on insert.
    let done = 0;
    while (done < total) {
      const n = Math.min(chunkSize, total - done);
      const plan = planChunk(done, n);
      const counted = await db.transaction().execute((trx) => insertChunk(trx, plan));
      links.owners += counted.owners;
      links.kpis += counted.kpis;
      links.tags += counted.tags;
      done += n;
      log(`services: ${done}/${total} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
  } else {
    // SQLite: indexing row by row through the FTS insert trigger costs about twice as long as
    // inserting without it and rebuilding the index once. So, in ONE transaction (nobody ever sees
    // the table without its trigger): drop the insert trigger, insert, re-create it from its own
    // stored SQL, rebuild the FTS index.
    await db.transaction().execute(async (trx) => {
      const trigger = await sql<{ sql: string }>`select sql from sqlite_master where type = 'trigger' and name = 'services_fts_ai'`.execute(trx);
      const createTrigger = trigger.rows[0]?.sql;
      if (createTrigger) await sql`drop trigger services_fts_ai`.execute(trx);
      await insertAll(trx);
      if (createTrigger) {
        await sql.raw(createTrigger).execute(trx);
        const t = performance.now();
        await sql`insert into services_fts(services_fts) values ('rebuild')`.execute(trx);
        log(`search index rebuilt in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      }
    });
  }

  return { catalogueId, areaIds, categoryIds, services: total, ownerIds, tagIds, kpiIds, links, ms: performance.now() - started };
}

// ------------------------------------------------------------------------------------------- CLI

export interface CliArgs {
  services: number;
  seed: number;
  catalogueId?: number;
  newCatalogue?: string;
  demo: boolean;
}

export function parseArgs(argv: string[]): CliArgs {
  const args: CliArgs = { services: NaN, seed: 42, demo: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === "--services") args.services = Number(value());
    else if (arg === "--seed") args.seed = Number(value());
    else if (arg === "--catalogue") args.catalogueId = Number(value());
    else if (arg === "--new-catalogue") args.newCatalogue = value();
    else if (arg === "--demo") args.demo = true;
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!Number.isSafeInteger(args.services) || args.services < 0) throw new Error("--services <N> is required (a non-negative integer)");
  if (!Number.isSafeInteger(args.seed)) throw new Error("--seed must be an integer");
  if (args.catalogueId !== undefined && args.newCatalogue !== undefined) throw new Error("use either --catalogue or --new-catalogue");
  if (args.catalogueId !== undefined && !Number.isSafeInteger(args.catalogueId)) throw new Error("--catalogue must be an id");
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const db = createDb();
  try {
    const applied = await migrateToLatest(db);
    if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);
    if (args.demo) console.log(`Demo data: ${(await seedDemo(db)).created ? "created" : "already present"}`);
    const result = await generateCatalogue(db, {
      services: args.services,
      seed: args.seed,
      catalogueId: args.catalogueId,
      catalogueTitle: args.newCatalogue,
      log: (m) => console.log(m),
    });
    console.log(
      `Generated ${result.services} services in catalogue ${result.catalogueId} ` +
        `(${result.areaIds.length} areas, ${result.categoryIds.length} categories; links: ${result.links.owners} owners, ` +
        `${result.links.kpis} KPIs, ${result.links.tags} tags) in ${(result.ms / 1000).toFixed(1)} s.`,
    );
    console.log(`CATALOGUE_ID=${result.catalogueId}`);
  } finally {
    await db.destroy();
  }
}

const invoked = process.argv[1] ? pathToFileURL(path.resolve(process.argv[1])).href : "";
if (import.meta.url === invoked) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
