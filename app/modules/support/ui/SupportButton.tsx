import { Loader } from "@mantine/core";
import { useLocation } from "@remix-run/react";
import { IconLifebuoy } from "@tabler/icons-react";
import { Suspense, useCallback, useEffect, useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { lazyWithTexts } from "~/i18n/namespaces";
import { EntryPlaceProvider } from "~/ui/entry-form";
import { LazyModal } from "~/ui/LazyModal";
import classes from "./support.module.css";

// The form (and its rich-text field) loads when the dialog first opens, not with every page.
const SupportForm = lazyWithTexts(["support", "service"], () => import("./SupportForm").then((m) => ({ default: m.SupportForm })));

/**
 * The top bar's support-ticket button (spec 01 §2). Without JS a link to the /support page, which
 * returns here; with JS it opens the form in a dialog (width 800) over the current page, whose
 * form returns to this page with the toast and closes the dialog.
 */
export function SupportButton({ color }: { color?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const here = location.pathname + location.search;
  const [opened, setOpened] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const close = useCallback(() => setOpened(false), []);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (modifier or middle click) gets the page.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setOpened(true);
  };
  return (
    <>
      <a
        href={`/support?${new URLSearchParams({ redirectTo: here })}`}
        className={classes.button}
        style={{ color }}
        aria-label={t("shell.openSupport")}
        title={t("shell.openSupport")}
        aria-haspopup={hydrated ? "dialog" : undefined}
        onClick={open}
        data-testid="support-button"
      >
        <IconLifebuoy size={20} aria-hidden />
      </a>
      <LazyModal opened={opened} onClose={close} size={800} title={t("shell.support")} closeButtonProps={{ "aria-label": t("app.close") }} data-testid="support-dialog">
        <EntryPlaceProvider to={here} overlay>
          <Suspense fallback={<Loader size="sm" aria-label={t("app.editorLoading")} />}>
            <SupportForm back={here} onCancel={close} onDone={close} />
          </Suspense>
        </EntryPlaceProvider>
      </LazyModal>
    </>
  );
}
