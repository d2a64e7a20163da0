import { Anchor, Button } from "@mantine/core";
import { IconPrinter } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import type { framePrintLoader } from "../frame-page.server";
import { framePath } from "../frame-types";
import { FrameSheet } from "./FrameSheet";
import classes from "./catalogframe.module.css";

type Data = Awaited<ReturnType<typeof framePrintLoader>>;

/**
 * /catalogframe/:id/print — the cover sheet alone, without the app's chrome: on screen a bar to
 * go back and print (hidden in print), then the sheet (A4, each section on a new page).
 */
export function FramePrintPage({ data, back, pictureUrl }: { data: Data; /** Where "back" leads, when not to the frame's editor (a release's cover sheet). */ back?: { href: string; label: string }; pictureUrl?: string }) {
  const { t } = useTranslation();
  const { catalogue, frame } = data;
  // The print button needs JS; without it the browser's own print (Ctrl+P) is named instead.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const title = frame.title?.trim() || catalogueTitle(t, catalogue);
  return (
    <main id="main" className={classes.printPage}>
      <div className={`${classes.printBar} ${classes.noPrint}`}>
        <Anchor href={back?.href ?? framePath(catalogue.id)}>{back?.label ?? t("catalogframe.backToEditor")}</Anchor>
        {hydrated ? (
          <Button variant="light" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()} data-testid="print">
            {t("catalogframe.printNow")}
          </Button>
        ) : (
          <span className={classes.note}>{t("catalogframe.printHint")}</span>
        )}
      </div>
      <FrameSheet frame={frame} title={title} pictureUrl={pictureUrl} />
    </main>
  );
}
