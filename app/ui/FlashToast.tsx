import { Notification } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Flash } from "~/server/flash.server";
import { TOAST_DURATION_MS, flashColour } from "~/ui/flash";
import classes from "./FlashToast.module.css";
import { toastPlace } from "./toast-place";

/**
 * The shell's snackbar. Rendered by the server, so without JS it still shows as a notice on the
 * page; with JS it disappears after 4000 ms or on close, and moves up when at the bottom it would
 * cover controls (toast-place.ts). On a page sent without scripts (decision 0067) it is a plain
 * notice: no close button that could not work.
 */
export function FlashToast({ flash, staticPage = false }: { flash: Flash; staticPage?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const [place, setPlace] = useState<"top" | "bottom">("bottom");
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // After the navigation's scroll (to a #section) has happened: the next frame.
    const frame = window.requestAnimationFrame(() => {
      if (region.current) setPlace(toastPlace(region.current));
    });
    return () => window.cancelAnimationFrame(frame);
  }, []);
  useEffect(() => {
    const timer = window.setTimeout(() => setOpen(false), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!open) return null;
  return (
    <div ref={region} className={classes.region} data-place={place} role="status" aria-live="polite">
      <Notification
        color={flashColour(flash.kind)}
        title={t(flash.title ?? `toast.${flash.kind}`)}
        onClose={() => setOpen(false)}
        withCloseButton={!staticPage}
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
