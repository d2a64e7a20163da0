import { useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Subviews } from "~/server/prefs.server";
import { NativeCheckbox } from "../../../../ui/NativeCheckbox";
import { PlainButton } from "../../../../ui/plain/Plain";
import classes from "./catalogue.module.css";

const KEYS = [
  ["areas", "subviewAreas"],
  ["categories", "subviewCategories"],
  ["services", "subviewServices"],
] as const;

/** The three sub-view switches, remembered per browser (cookie); with JS they apply on change. */
export function SubviewSwitches({ subviews, areaActive }: { subviews: Subviews; areaActive: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher();
  const pending = fetcher.formData;
  const value = (key: (typeof KEYS)[number]) => {
    const sent = pending?.getAll(key[1]);
    return sent && sent.length ? sent[sent.length - 1] === "true" : subviews[key[0]];
  };
  return (
    <fetcher.Form method="post" action="/prefs/sidebar" aria-label={t("catalogue.subviews.label")}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <div className={classes.switches}>
        {KEYS.filter(([key]) => areaActive || key !== "areas").map((key) => (
          <span key={key[0]}>
            <input type="hidden" name={key[1]} value="false" />
            <NativeCheckbox
              name={key[1]}
              value="true"
              label={t(`catalogue.subviews.${key[0]}`)}
              checked={value(key)}
              onChange={(event) => {
                const form = new FormData(event.currentTarget.form ?? undefined);
                fetcher.submit(form, { method: "post", action: "/prefs/sidebar" });
              }}
              data-testid={`subview-${key[0]}`}
            />
          </span>
        ))}
        <noscript>
          <PlainButton type="submit" size="xs" variant="default">
            {t("catalogue.subviews.apply")}
          </PlainButton>
        </noscript>
      </div>
    </fetcher.Form>
  );
}
