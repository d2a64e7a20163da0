import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/dates";
import { PageLinks } from "~/ui/PageLinks";
import { PlainButton, plain } from "~/ui/plain/Plain";
import { notificationTarget } from "../notifications";
import type { NotificationsData } from "../notifications-page.server";
import classes from "./notifications.module.css";

/** /notifications — newest first; unread ones marked, each with "Gelesen"; all at once (plain form posts). */
export function NotificationsPage({ rows, total, page, pageCount }: NotificationsData) {
  const { t, i18n } = useTranslation();
  const unread = rows.some((r) => r.readAt === null);
  return (
    <div className={classes.page} data-testid="notifications">
      <h1 className={plain.pageTitle}>{t("notifications.title")}</h1>
      {unread ? (
        <Form method="post">
          <input type="hidden" name="intent" value="allRead" />
          <PlainButton type="submit" variant="default" size="xs" data-testid="all-read">
            {t("notifications.allRead")}
          </PlainButton>
        </Form>
      ) : null}
      {rows.length ? (
        <ul className={classes.list}>
          {rows.map((row) => {
            const href = notificationTarget(row.kind, row.serviceId);
            const text = t(`notifications.kinds.${row.kind}`, { service: row.serviceName ?? t("notifications.goneService"), actor: row.actorName ?? t("notifications.someone") });
            return (
              <li key={row.id} className={classes.item} data-unread={row.readAt === null ? "" : undefined} data-testid="notification">
                <div className={classes.text}>
                  {href ? <a href={href}>{text}</a> : text}
                  <span className={classes.when}>{formatDateTime(row.createdAt, i18n.language)}</span>
                </div>
                {row.readAt === null ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="read" />
                    <input type="hidden" name="id" value={row.id} />
                    <PlainButton type="submit" variant="subtle" size="xs" aria-label={t("notifications.markReadNamed", { text })}>
                      {t("notifications.markRead")}
                    </PlainButton>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className={classes.empty}>{t("notifications.empty")}</p>
      )}
      <PageLinks page={page} pageCount={pageCount} total={total} label={t("notifications.pages")} />
    </div>
  );
}
