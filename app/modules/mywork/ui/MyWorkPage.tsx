import { useTranslation } from "react-i18next";
import { formatDate } from "~/lib/dates";
import dataTable from "~/ui/DataTable.module.css";
import { plain } from "~/ui/plain/Plain";
import type { WorkList } from "../my-work.server";
import type { MyWorkData } from "../my-work-page.server";
import classes from "./my-work.module.css";

type Kind = "responsible" | "toReview" | "drafts" | "mentions";

/** Where each row leads: the place to act. */
const ACT: Record<Kind, (id: number) => string> = {
  responsible: (id) => `/servicecatalog/service/${id}#review`,
  toReview: (id) => `/servicecatalog/service/${id}?edit=basics#basics`,
  drafts: (id) => `/servicecatalog/service/${id}`,
  mentions: (id) => `/servicecatalog/service/${id}#comments`,
};

/** /my-work — what needs the signed-in user (issue 36 §4): each list with the place to act. */
export function MyWorkPage({ work }: MyWorkData) {
  const { t } = useTranslation();
  const lists: [Kind, WorkList | null][] = [
    ["responsible", work.responsible],
    ["toReview", work.toReview],
    ["drafts", work.drafts],
    ["mentions", work.mentions],
  ];
  return (
    <div className={classes.page} data-testid="my-work">
      <h1 className={plain.pageTitle}>{t("mywork.title")}</h1>
      <p className={classes.intro}>{t("mywork.intro")}</p>
      {lists.map(([kind, list]) => (list ? <WorkSection key={kind} kind={kind} list={list} /> : null))}
    </div>
  );
}

function WorkSection({ kind, list }: { kind: Kind; list: WorkList }) {
  const { t, i18n } = useTranslation();
  return (
    <section id={kind} aria-labelledby={`${kind}-title`} className={classes.section} data-testid={`work-${kind}`}>
      <h2 className={classes.h2} id={`${kind}-title`}>
        {t(`mywork.${kind}.title`)} <span className={classes.count}>({list.total})</span>
      </h2>
      {list.rows.length ? (
        <>
          <div className={dataTable.tableBox}>
            <table className={dataTable.table}>
              <thead>
                <tr>
                  <th scope="col">{t("mywork.service")}</th>
                  <th scope="col">{t("mywork.where")}</th>
                  <th scope="col">{t(`mywork.${kind}.at`)}</th>
                </tr>
              </thead>
              <tbody>
                {list.rows.map((row) => (
                  <tr key={row.id} data-testid="work-row">
                    <td>
                      <a href={ACT[kind](row.id)}>{row.name}</a>
                    </td>
                    <td>{[row.catalogue, row.category].filter(Boolean).join(" › ")}</td>
                    <td>{formatDate(row.at, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {list.total > list.rows.length ? <p className={classes.intro}>{t("mywork.more", { shown: list.rows.length, total: list.total })}</p> : null}
        </>
      ) : (
        <p className={classes.intro}>{t(`mywork.${kind}.none`)}</p>
      )}
    </section>
  );
}
