import { Notification } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { TOAST_DURATION_MS, flashColour, type Flash } from "~/ui/flash";
import classes from "./FlashToast.module.css";

/**
 * The shell's snackbar. Rendered by the server, so without JS it still shows as a notice on the
 * page; with JS it disappears after 4000 ms or on close.
 */
export function FlashToast({ flash }: { flash: Flash }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setOpen(false), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!open) return null;
  return (
    <div className={classes.region} role="status" aria-live="polite">
      <Notification
        color={flashColour(flash.kind)}
        title={t(flash.title ?? `toast.${flash.kind}`)}
        onClose={() => setOpen(false)}
        closeButtonProps={{ "aria-label": t("app.close") }}
        data-kind={flash.kind}
        data-testid="toast"
        withBorder
      >
        {t(flash.message, flash.values ?? {})}
      </Notification>
    </div>
  );
}
