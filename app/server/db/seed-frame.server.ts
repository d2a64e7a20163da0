import type { Transaction } from "kysely";
import type { Database } from "./schema";

/**
 * The demo IT catalogue's frame (cover sheet, spec 02 §3): an introduction, priorities, solution
 * and deployment times, all 14 key figures and sections with paragraphs, a table and a matrix —
 * with only a title, /catalogframe/<id> looked unfinished to someone trying the demo
 * (issue 32 §12). Rows and key figures are JSON in catalog_frames, as the frame's forms store them.
 */

const p = (text: string) => `<p>${text}</p>`;

const PRIORITIES = [
  { name: "1 – Kritisch", description: "Ausfall eines geschäftskritischen Services für viele Anwender", impact_example: "E-Mail oder Fachverfahren im ganzen Haus nicht erreichbar" },
  { name: "2 – Hoch", description: "Starke Einschränkung eines wichtigen Services oder Ausfall für eine Abteilung", impact_example: "Drucker eines Stockwerks fallen aus" },
  { name: "3 – Mittel", description: "Einschränkung für einzelne Anwender, Umgehung möglich", impact_example: "Notebook startet langsam, Arbeiten am Ersatzgerät möglich" },
  { name: "4 – Niedrig", description: "Anfrage oder Störung ohne Auswirkung auf die Arbeit", impact_example: "Wunsch nach zusätzlicher Software" },
];

const SOLUTION_TIMES = [
  { priority: "1 – Kritisch", reaction_time: "15 Minuten", solution_time: "4 Stunden", comment: "Rund um die Uhr über die Rufbereitschaft" },
  { priority: "2 – Hoch", reaction_time: "1 Stunde", solution_time: "1 Arbeitstag", comment: "Innerhalb der Servicezeit" },
  { priority: "3 – Mittel", reaction_time: "4 Stunden", solution_time: "3 Arbeitstage", comment: "Innerhalb der Servicezeit" },
  { priority: "4 – Niedrig", reaction_time: "1 Arbeitstag", solution_time: "10 Arbeitstage", comment: "Nach Absprache" },
];

const DEPLOYMENT_TIMES = [
  { name: "Standard-Arbeitsplatz", deployment_time: "5 Arbeitstage", comment: "Ab Freigabe der Bestellung" },
  { name: "Software aus dem Katalog", deployment_time: "2 Arbeitstage", comment: "Automatische Verteilung" },
  { name: "Neues Benutzerkonto", deployment_time: "1 Arbeitstag", comment: "Nach Eingang der Personalmeldung" },
];

const KEY_FIGURES: Record<string, string> = {
  service_time: "Montag bis Freitag 7–18 Uhr",
  support_time: "Montag bis Freitag 7–17 Uhr",
  on_call_service: "Für Priorität 1 rund um die Uhr",
  maintenance_window: "Dienstags ab 18 Uhr",
  disaster_exercise: "Einmal jährlich",
  backup: "Täglich, verschlüsselt im zweiten Rechenzentrum",
  storing_generations: "30 Generationen",
  archive_periods: "10 Jahre nach gesetzlichen Vorgaben",
  reporting: "Monatlicher Servicebericht",
  notice_period: "3 Monate zum Quartalsende",
  cost_models: "Pauschale je Arbeitsplatz, Einzelleistungen nach Aufwand",
  article_numbers: "Nach Artikelnummer im Katalog",
  procurement: "Über das Bestellportal",
  delivery_point: "IT-Servicepunkt im Verwaltungsgebäude",
};

const timestamps = (now: string) => ({ created_at: now, updated_at: now });

/** Fills the frame row of `catalogueId` (created with the catalogue) and adds its sections. */
export async function seedDemoFrame(trx: Transaction<Database>, catalogueId: number, now: string): Promise<void> {
  await trx
    .updateTable("catalog_frames")
    .set({
      introduction:
        p("Dieser Katalog beschreibt die IT-Services der Musterstadtwerke: was jeder Service leistet, wer ihn verantwortet und welche Service Levels gelten.") +
        p("Die Rahmenbedingungen auf diesem Deckblatt gelten für alle Services, soweit beim einzelnen Service nichts anderes vereinbart ist."),
      priorities: JSON.stringify(PRIORITIES),
      solution_times: JSON.stringify(SOLUTION_TIMES),
      deployment_times: JSON.stringify(DEPLOYMENT_TIMES),
      key_figures: JSON.stringify(KEY_FIGURES),
      updated_at: now,
    })
    .where("service_catalogue_id", "=", catalogueId)
    .execute();

  const [general, contacts] = await trx
    .insertInto("sections")
    .values([
      { service_catalogue_id: catalogueId, name: "Allgemeine Regelungen", description: "Was für alle Services dieses Katalogs gilt.", type: "Paragraph", position: 0, ...timestamps(now) },
      { service_catalogue_id: catalogueId, name: "Kontakt und Eskalation", description: "Wie Sie uns erreichen und wer entscheidet.", type: "Section", position: 1, ...timestamps(now) },
    ])
    .returning("id")
    .execute();

  await trx
    .insertInto("paragraphs")
    .values([
      { section_id: general.id, title: "Geltungsbereich", content: p("Der Katalog gilt für alle Ämter und Eigenbetriebe, die IT-Services der zentralen IT beziehen."), position: 0, global_position: 0, ...timestamps(now) },
      { section_id: general.id, title: "Änderungen", content: p("Änderungen an Services werden im Katalog veröffentlicht und mindestens vier Wochen vor ihrem Inkrafttreten angekündigt."), position: 1, global_position: 1, ...timestamps(now) },
      { section_id: contacts.id, title: "Servicedesk", content: p("Telefon 0123 456-789 oder über das Self-Service-Portal; Störungen der Priorität 1 bitte immer telefonisch melden."), position: 0, global_position: 0, ...timestamps(now) },
    ])
    .execute();

  const table = await trx
    .insertInto("section_tables")
    .values({ section_id: contacts.id, title: "Eskalationsstufen", headers: JSON.stringify(["Stufe", "Ansprechpartner", "Erreichbarkeit"]), position: 0, global_position: 1, ...timestamps(now) })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("table_rows")
    .values(
      [
        ["1", "Servicedesk", "Servicezeit"],
        ["2", "Teamleitung Betrieb", "Servicezeit"],
        ["3", "Leitung IT", "Nach Vereinbarung"],
      ].map((values, position) => ({ table_id: table.id, row_values: JSON.stringify(values), position })),
    )
    .execute();

  await trx
    .insertInto("matrix_tables")
    .values({
      section_id: contacts.id,
      title: "Wer informiert wen",
      row_headers: JSON.stringify(["Störung", "Wartung"]),
      column_headers: JSON.stringify(["Anwender", "Führungskräfte"]),
      matrix_data: JSON.stringify([
        ["Statusseite", "E-Mail"],
        ["Ankündigung im Intranet", "E-Mail vorab"],
      ]),
      position: 0,
      global_position: 2,
      ...timestamps(now),
    })
    .execute();
}
