import { useTranslation } from "react-i18next";
import type { mapFrameHeader } from "../frame-page.server";
import { framePath, framePictureUrl } from "../frame-types";
import { Html, KeyFiguresList, RowsTable } from "./FrameSheet";
import classes from "./catalogframe.module.css";

type Header = NonNullable<Awaited<ReturnType<typeof mapFrameHeader>>>;

/**
 * The cover sheet's header on the catalogue map (view 3), read-only: title, picture, introduction,
 * and behind a disclosure the priorities, times and key figures. Admins get links to the full
 * sheet and the editor.
 */
export function FrameMapHeader({ frame, title, canEdit }: { frame: Header; title: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const more = frame.priorities.length || frame.solutionTimes.length || frame.deploymentTimes.length || Object.values(frame.keyFigures).some(Boolean);
  return (
    <section className={classes.mapFrame} aria-labelledby="map-frame-title" data-testid="map-frame">
      <div className={classes.mapFrameText}>
        <h2 id="map-frame-title" style={{ margin: "0 0 8px" }}>
          {frame.title?.trim() || title}
        </h2>
        {frame.introduction ? <Html html={frame.introduction} /> : null}
        {more ? (
          <details className={classes.edit}>
            <summary>{t("catalogframe.map.details")}</summary>
            <div className={`${classes.editBody} ${classes.sheet}`}>
              <RowsTable kind="priorities" rows={frame.priorities} headingLevel={3} />
              <RowsTable kind="solutionTimes" rows={frame.solutionTimes} headingLevel={3} />
              <RowsTable kind="deploymentTimes" rows={frame.deploymentTimes} headingLevel={3} />
              <KeyFiguresList figures={frame.keyFigures} headingLevel={3} />
            </div>
          </details>
        ) : null}
        {canEdit ? (
          <p className={`${classes.note} ${classes.noPrint}`} style={{ marginTop: 8 }}>
            <a href={`${framePath(frame.catalogueId)}/print`}>{t("catalogframe.map.open")}</a>
            {" · "}
            <a href={framePath(frame.catalogueId)}>{t("catalogframe.map.edit")}</a>
          </p>
        ) : null}
      </div>
      {frame.picture ? <img src={framePictureUrl(frame.catalogueId, frame.picture.version)} alt={t("catalogframe.basics.pictureAlt")} className={classes.mapPicture} /> : null}
    </section>
  );
}
