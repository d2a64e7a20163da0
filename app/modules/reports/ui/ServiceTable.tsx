import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/lib/dates";
import { PageLinks } from "~/ui/PageLinks";
import type { Paged, ReportServiceRow } from "../reports.server";
import { REPORT_LISTS, type ReportList } from "../reports-query";
import classes from "./reports.module.css";

export interface ExtraColumn<R> {
  header: string;
  cell: (row: R) => ReactNode;
}

/**
 * A page of services (name → service page, category, status, extra columns) with its own page
 * links. Plain elements: the reports page renders four of these beside five charts.
 */
export function ServiceTable<R extends ReportServiceRow>({
  list,
  data,
  columns = [],
  showChanged = false,
  pagesLabel,
  testId,
}: {
  list: ReportList;
  data: Paged<R>;
  columns?: ExtraColumn<R>[];
  showChanged?: boolean;
  pagesLabel: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  if (!data.rows.length) return <p data-testid={`${testId}-empty`}>{t("reports.list.empty")}</p>;
  const noCategory = t("reports.list.noCategory");
  return (
    <>
      <div className={classes.tableBox}>
        <table className={classes.table} data-testid={testId}>
          <thead>
            <tr>
              <th scope="col">{t("reports.list.service")}</th>
              <th scope="col">{t("reports.list.category")}</th>
              <th scope="col">{t("reports.list.status")}</th>
              {showChanged ? <th scope="col">{t("reports.list.changed")}</th> : null}
              {columns.map((c) => (
                <th scope="col" key={c.header}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.id} data-service={row.id}>
                <th scope="row">
                  <a href={`/servicecatalog/service/${row.id}`}>{row.name}</a>
                </th>
                <td>{row.category ?? noCategory}</td>
                <td>{t(`catalogue.status.${row.status}`, { defaultValue: row.status })}</td>
                {showChanged ? <td>{formatDate(row.updated_at, i18n.language)}</td> : null}
                {columns.map((c) => (
                  <td key={c.header}>{c.cell(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PageLinks page={data.page} pageCount={data.pageCount} total={data.total} param={REPORT_LISTS[list]} label={pagesLabel} hash={list} />
    </>
  );
}
