import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requirePermission } from "~/modules/access/policy.server";
import { getCatalogue, getCurrentCatalogueId, listCatalogueNames } from "~/modules/catalogue/catalogue.server";
import { getDb } from "~/server/db/db.server";
import type { Executor } from "~/server/audit.server";
import { flashHeader, redirectWithFlash } from "~/server/flash.server";
import { commonRefusal, dispatchIntent, referencesOr400, refuse, refuseForm, validateForm, type Refusal } from "~/server/form.server";
import { idField } from "~/ui/form/fields";
import { formVersion, RICH_FORM_MAX_BYTES, readFormData } from "~/server/request-body.server";
import { sanitizeRichText } from "~/server/sanitize.server";
import { isMultipart, parseImageUpload } from "~/server/upload.server";
import { readFrame, readFrameCore } from "./frame-read.server";
import { FRAME_ROW_SCHEMAS, FrameBasicsSchema, KeyFiguresFormSchema, ROWS_MAX, parseSort } from "./frame-schema";
import { FRAME_ROW_KIND_NAMES, ITEM_KINDS, frameHasContent, frameParam, framePath, type FrameView, type SectionSort, type SectionView } from "./frame-types";
import { addFrameRow, moveFrameRow, removeFrameRow, setFramePicture, setKeyFigures, updateFrameBasics, updateFrameRow } from "./frame.server";
import { getItem, getSection, moveItem, moveSection, type Move } from "./sections.server";
import { refusal } from "~/server/refusal.server";
import { catalogueLanguages, shownLanguage } from "~/modules/translations/translations.server";
import { subjectTexts } from "~/modules/translations/subject-texts.server";
import { translatedFrame } from "./frame-read.server";
import { subjectTranslationPath } from "~/modules/translations/subject-types";
import { getLanguage } from "~/i18n/i18next.server";
import { askedContentLanguage } from "~/modules/translations/content-language.server";

/**
 * /catalogframe, /catalogframe/static and /catalogframe/:id — the cover sheet of a catalogue
 * (spec 02 §2): its fields, row lists, key figures and sections, each form posting here with an
 * intent. The dialogs (sections and their items) nest below; the print view is its own page.
 * Admin guard everywhere: others go to /unauthorized (pages) or get 403 (writes).
 */

export const STALE = { stale: "catalogframe.stale" };

/** The catalogue a `/catalogframe/:id` names ("static" is -1), or 404. */
export async function catalogueOr404(db: Executor, raw: string | undefined) {
  const id = frameParam(raw);
  const catalogue = id === null ? undefined : await getCatalogue(db, id);
  if (!catalogue) throw refusal(404);
  return catalogue;
}

/** /catalogframe: the current catalogue's frame (or the one picked with ?catalogue=). */
export async function frameIndexLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "access:admin");
  const db = getDb();
  const picked = Number(new URL(request.url).searchParams.get("catalogue"));
  const id = Number.isSafeInteger(picked) && picked !== 0 && (await getCatalogue(db, picked)) ? picked : await getCurrentCatalogueId(db, user.id);
  throw redirect(framePath(id));
}

function sortSections(sections: SectionView[], sort: SectionSort): SectionView[] {
  const by: Record<SectionSort, (a: SectionView, b: SectionView) => number> = {
    position: (a, b) => a.position - b.position || a.id - b.id,
    alphabet: (a, b) => a.name.localeCompare(b.name, "de") || a.id - b.id,
    createDate: (a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id,
    editDate: (a, b) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id,
  };
  return [...sections].sort(by[sort]);
}

/** Rich text is sanitised on save; again on display, for imported or seeded HTML. */
export function cleanFrame<T extends Pick<FrameView, "introduction"> & { sections?: SectionView[] }>(frame: T): T {
  return {
    ...frame,
    introduction: frame.introduction ? sanitizeRichText(frame.introduction) : null,
    ...(frame.sections
      ? { sections: frame.sections.map((s) => ({ ...s, items: s.items.map((i) => (i.kind === "paragraph" ? { ...i, content: i.content ? sanitizeRichText(i.content) : null } : i)) })) }
      : {}),
  };
}

export async function framePageLoader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "access:admin");
  if (params.id === "-1") throw redirect("/catalogframe/static");
  const db = getDb();
  const catalogue = await catalogueOr404(db, params.id);
  const sort = parseSort(new URL(request.url).searchParams.get("sort"));
  const [frame, catalogues, languages] = await Promise.all([readFrame(db, catalogue.id), listCatalogueNames(db), catalogueLanguages(db, catalogue.id)]);
  // The cover sheet in the catalogue's further languages (issue 37 §1): translated on its own page, printed in each.
  const translations = languages.further.length ? { edit: subjectTranslationPath("frame", catalogue.id), print: languages.further } : null;
  return { catalogue, frame: cleanFrame({ ...frame, sections: sortSections(frame.sections, sort) }), catalogues, sort, translations };
}

const direction = z.enum(["up", "down"]);
const index = z.coerce.number().int().min(0).max(10_000);
const RowRefSchema = z.object({ kind: z.enum(FRAME_ROW_KIND_NAMES as [string, ...string[]]), index: index.max(ROWS_MAX) });
const MoveSchema = z.union([z.object({ direction }), z.object({ to: index })]);
const SectionRefSchema = z.object({ id: idField() });
const ItemRefSchema = SectionRefSchema.extend({ kind: z.enum(ITEM_KINDS) });

type RowKind = (typeof FRAME_ROW_KIND_NAMES)[number];

/** The move a form asks for: one step (buttons) or to an index (drag and drop); the frame's rows, sections, items and a table's rows. */
export function moveOf(form: FormData): Move {
  const move = referencesOr400(form, MoveSchema);
  return "direction" in move ? move.direction : { to: move.to };
}

export async function framePageAction({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "access:admin");
  const db = getDb();
  const catalogue = await catalogueOr404(db, params.id);
  const url = new URL(request.url);
  const page = `${framePath(catalogue.id)}${url.searchParams.get("sort") ? `?sort=${encodeURIComponent(url.searchParams.get("sort")!)}` : ""}`;
  let target = "frame";
  let submission: ReturnType<typeof validateForm> | undefined;
  let viaFetcher = false;
  const refused = (errors: Refusal, status: number) => (submission ? refuse(submission, errors, status, { target }) : refuseForm(errors, status, { target }));
  /** Saved: back to the page at the changed part (a drag-and-drop fetcher stays where it is). */
  const done = async (changed: boolean, anchor: string, message = "catalogframe.saved") => {
    const flash = changed ? { kind: "success" as const, message } : { kind: "info" as const, message: "catalogframe.unchanged" };
    if (viaFetcher) return data({ status: "success" as const, target }, { headers: { "Set-Cookie": await flashHeader(request, flash) } });
    return redirectWithFlash(request, `${page}#${anchor}`, flash);
  };
  try {
    if (isMultipart(request)) {
      target = "picture";
      const upload = await parseImageUpload(request, { field: "picture", required: true });
      if (!upload.ok) return refused({ fields: upload.errors }, 400);
      return done(await setFramePicture(db, catalogue.id, upload.image, formVersion(upload.fields, { allowEmpty: true }), user), "frame-basics");
    }
    const form = await readFormData(request, { maxBytes: RICH_FORM_MAX_BYTES });
    viaFetcher = form.get("fetcher") === "1";
    const version = () => formVersion(form, { allowEmpty: true });
    const validated = async <S extends z.ZodType>(schema: S, save: (value: z.output<S>) => Promise<boolean>, anchor: string, message?: string) => {
      submission = validateForm(form, schema);
      if (submission.status !== "success") return refused({}, 400);
      return done(await save(submission.value as z.output<S>), anchor, message);
    };
    const row = () => referencesOr400(form, RowRefSchema) as { kind: RowKind; index: number };
    return await dispatchIntent(form.get("intent"), {
      frame: () => validated(FrameBasicsSchema, (v) => updateFrameBasics(db, catalogue.id, v, version(), user), "frame-basics"),
      "picture-remove": async () => {
        target = "picture";
        return done(await setFramePicture(db, catalogue.id, null, version(), user), "frame-basics", "catalogframe.picture.removed");
      },
      "row-add": async () => {
        const kind = referencesOr400(form, RowRefSchema.pick({ kind: true })).kind as RowKind;
        target = `row-add:${kind}`;
        return validated(FRAME_ROW_SCHEMAS[kind], (v) => addFrameRow(db, catalogue.id, kind, v, version(), user), kind, "catalogframe.rows.added");
      },
      "row-save": async () => {
        const { kind, index } = row();
        target = `row:${kind}:${index}`;
        return validated(FRAME_ROW_SCHEMAS[kind], (v) => updateFrameRow(db, catalogue.id, kind, index, v, version(), user), kind);
      },
      "row-remove": async () => {
        const { kind, index } = row();
        target = `row-op:${kind}:${index}`;
        return done(await removeFrameRow(db, catalogue.id, kind, index, version(), user), kind, "catalogframe.rows.removed");
      },
      "row-move": async () => {
        const { kind, index } = row();
        target = `row-op:${kind}:${index}`;
        return done(await moveFrameRow(db, catalogue.id, kind, index, moveOf(form), version(), user), kind, "catalogframe.moved");
      },
      keyfigures: async () => {
        target = "keyfigures";
        return validated(KeyFiguresFormSchema, (v) => setKeyFigures(db, catalogue.id, v, version(), user), "keyfigures");
      },
      "section-move": async () => {
        target = "sections";
        if (parseSort(url.searchParams.get("sort")) !== "position") return refused({ form: "catalogframe.sections.onlyByPosition" }, 400);
        const { id } = referencesOr400(form, SectionRefSchema);
        await sectionOfCatalogue(db, catalogue.id, "section", id);
        return done(await moveSection(db, id, moveOf(form), user), `section-${id}`, "catalogframe.moved");
      },
      "item-move": async () => {
        const { kind, id } = referencesOr400(form, ItemRefSchema);
        target = `items:${kind}:${id}`;
        const sectionId = await sectionOfCatalogue(db, catalogue.id, kind, id);
        return done(await moveItem(db, kind, id, moveOf(form), user), `section-${sectionId}`, "catalogframe.moved");
      },
    });
  } catch (error) {
    const common = commonRefusal(error, STALE);
    if (common) return refused(common.errors, common.status);
    if (error instanceof Response) throw error;
    console.error(error);
    // Spec 02 §8: a frame update that did not succeed.
    return redirectWithFlash(request, page, { kind: "error", message: "catalogframe.errors.updateFailed" });
  }
}

/** The section (of a section or an item) must belong to the catalogue in the URL, else 404. Returns the section's id. */
export async function sectionOfCatalogue(db: Executor, catalogueId: number, kind: "section" | (typeof ITEM_KINDS)[number], id: number): Promise<number> {
  try {
    if (kind === "section") {
      const section = await getSection(db, id);
      if (section.service_catalogue_id === catalogueId) return section.id;
    } else {
      const item = await getItem(db, kind, id);
      if (item.catalogue_id === catalogueId) return item.section_id;
    }
  } catch (error) {
    commonRefusal(error, STALE);
    throw error;
  }
  throw refusal(404);
}

/**
 * /catalogframe/:id/print — the cover sheet as it is read and printed (no app chrome), in a
 * content language (issue 37 §4): `?lang=` or the reader's, where the catalogue offers it; each
 * text its translation where there is one, else the original.
 */
export async function framePrintLoader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "access:admin");
  if (params.id === "-1") throw redirect("/catalogframe/static/print");
  const db = getDb();
  const catalogue = await catalogueOr404(db, params.id);
  const languages = await catalogueLanguages(db, catalogue.id);
  const language = shownLanguage(languages, await askedContentLanguage(request), await getLanguage(request));
  const frame = await readFrame(db, catalogue.id);
  const translated = language === languages.primary ? frame : translatedFrame(frame, await subjectTexts(db, "frame", catalogue.id, language));
  return { catalogue, frame: cleanFrame(translated) };
}


/** The frame's header on the catalogue map (view 3): read-only for everyone; null when the frame is empty. */
export async function mapFrameHeader(db: Executor, catalogueId: number) {
  const frame = await readFrameCore(db, catalogueId);
  return frameHasContent(frame) ? cleanFrame(frame) : null;
}
