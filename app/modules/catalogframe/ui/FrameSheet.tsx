import { useTranslation } from "react-i18next";
import { FRAME_ROW_KINDS, KEY_FIGURES, framePictureUrl, type FrameRow, type FrameRowKind, type FrameView, type SectionItem } from "../frame-types";
import classes from "./catalogframe.module.css";

/**
 * The frame as a cover sheet (spec 02 §2, issue 17 §4): what the print view shows in full and
 * the catalogue map in part. Plain markup (tables, lists) so it prints cleanly on A4.
 */

/** Rich text that was sanitised on save and again when loaded. */
export function Html({ html, testId }: { html: string; testId?: string }) {
  return <div className={classes.rich} dangerouslySetInnerHTML={{ __html: html }} data-testid={testId} />;
}

/** A table with a header row and, for a matrix, a header cell per row. */
function SheetTable({ caption, headers, rows, rowHeaders, testId }: { caption?: string; headers: string[]; rows: string[][]; rowHeaders?: string[]; testId?: string }) {
  return (
    <div className={classes.tableScroll}>
      <table className={classes.table} data-testid={testId}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {rowHeaders ? <td /> : null}
            {headers.map((h, i) => (
              <th key={i} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {rowHeaders ? <th scope="row">{rowHeaders[r]}</th> : null}
              {row.map((cell, c) => (
                <td key={c}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One paragraph, table or matrix of a section, headed at `level`. */
export function ItemView({ item, level = 3 }: { item: SectionItem; level?: 3 | 4 }) {
  const Heading = level === 3 ? "h3" : "h4";
  const title = item.title ? <Heading>{item.title}</Heading> : null;
  if (item.kind === "paragraph") {
    return (
      <div data-testid="sheet-paragraph">
        {title}
        {item.content ? <Html html={item.content} /> : null}
      </div>
    );
  }
  if (item.kind === "table") {
    return (
      <div>
        {title}
        <SheetTable caption={item.title ?? undefined} headers={item.headers} rows={item.rows.map((r) => r.values)} testId="sheet-table" />
      </div>
    );
  }
  return (
    <div>
      {title}
      <SheetTable caption={item.title ?? undefined} headers={item.column_headers} rows={item.matrix_data} rowHeaders={item.row_headers} testId="sheet-matrix" />
    </div>
  );
}

/** A row list as a table, its fields as columns; times with the CET note. */
export function RowsTable({ kind, rows, headingLevel = 2 }: { kind: FrameRowKind; rows: FrameRow[]; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  if (!rows.length) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const fields = FRAME_ROW_KINDS[kind].fields;
  const title = t(`catalogframe.rows.${kind}.title`);
  return (
    <section data-testid={`sheet-${kind}`}>
      <Heading>{title}</Heading>
      {kind !== "priorities" ? <p className={classes.note}>{t("catalogframe.cet")}</p> : null}
      <SheetTable caption={title} headers={fields.map((f) => t(`catalogframe.rows.${kind}.fields.${f}`))} rows={rows.map((row) => fields.map((f) => row[f] ?? ""))} />
    </section>
  );
}

/** The key figures that are filled, as a definition list. */
export function KeyFiguresList({ figures, headingLevel = 2 }: { figures: FrameView["keyFigures"]; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const filled = KEY_FIGURES.filter((k) => figures[k]?.trim());
  if (!filled.length) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section data-testid="sheet-keyfigures">
      <Heading>{t("catalogframe.keyFigures.title")}</Heading>
      <p className={classes.note}>{t("catalogframe.cet")}</p>
      <dl className={classes.figures}>
        {filled.map((k) => (
          <div key={k}>
            <dt>{t(`catalogframe.keyFigures.${k}`)}</dt>
            <dd>{figures[k]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The whole cover sheet: title, picture, introduction, rows, key figures, then each section (a new page in print). */
export function FrameSheet({ frame, title, pictureUrl }: { frame: FrameView; title: string; /** Where the picture is read, when not the working copy's (a release's cover sheet). */ pictureUrl?: string }) {
  const { t } = useTranslation();
  const empty =
    !frame.introduction && !frame.picture && !frame.priorities.length && !frame.solutionTimes.length && !frame.deploymentTimes.length && !KEY_FIGURES.some((k) => frame.keyFigures[k]) && !frame.sections.length;
  return (
    <article className={classes.sheet} data-testid="frame-sheet">
      <h1 className={classes.sheetTitle}>{title}</h1>
      {frame.picture ? <img src={pictureUrl ?? framePictureUrl(frame.catalogueId, frame.picture.version)} alt={t("catalogframe.basics.pictureAlt")} className={classes.picture} /> : null}
      {frame.introduction ? <Html html={frame.introduction} testId="sheet-introduction" /> : null}
      {empty ? <p className={classes.note}>{t("catalogframe.sheet.empty")}</p> : null}
      <RowsTable kind="priorities" rows={frame.priorities} />
      <RowsTable kind="solutionTimes" rows={frame.solutionTimes} />
      <RowsTable kind="deploymentTimes" rows={frame.deploymentTimes} />
      <KeyFiguresList figures={frame.keyFigures} />
      {frame.sections.map((section) => (
        <section key={section.id} className={classes.sheetSection} data-testid="sheet-section">
          <h2>{section.name}</h2>
          {section.description ? <p>{section.description}</p> : null}
          {section.items.map((item) => (
            <ItemView key={`${item.kind}-${item.id}`} item={item} />
          ))}
        </section>
      ))}
    </article>
  );
}
