import { CloseButton, Paper, Title } from "@mantine/core";
import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import classes from "./RouteDialog.module.css";

/**
 * A dialog that is a route: rendered by the server like any page (so it works without JS, and
 * its URL can be shared), shown over its parent. Escape or the close button return to `closeTo`.
 */
export function RouteDialog({
  title,
  closeTo,
  maxWidth = 600,
  children,
}: {
  title: string;
  closeTo: string;
  maxWidth?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(closeTo, { preventScrollReset: true });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [closeTo, navigate]);
  return (
    <div className={classes.overlay}>
      <Paper role="dialog" aria-modal="true" aria-labelledby={titleId} className={classes.dialog} style={{ maxWidth }} shadow="xl" p="lg" withBorder>
        <div className={classes.head}>
          <Title order={2} size="h3" id={titleId}>
            {title}
          </Title>
          <CloseButton component={Link} to={closeTo} preventScrollReset aria-label={t("app.close")} />
        </div>
        {children}
      </Paper>
    </div>
  );
}
