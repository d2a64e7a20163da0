import { SERVICE_STAGES } from "~/modules/service/service-stage";
import { Anchor, Button, NativeSelect, TextInput } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { translateError } from "~/ui/forms";
import type { SlaData } from "../sla-page.server";
import { ALL_CATALOGUES, NO_PROVIDER } from "../sla-query";
import classes from "./sla.module.css";

/** Catalogue, provider, service level and search as one GET form (works without JS; a new filter starts at page 1). */
export function SlaFilterForm({ data }: { data: SlaData }) {
  const { t } = useTranslation();
  const { filter, errors, catalogues, options } = data;
  return (
    <Form method="get" role="search" aria-label={t("sla.filter.label")} className={classes.filter} key={JSON.stringify(filter)} data-testid="sla-filter">
      <NativeSelect
        name="catalogue"
        label={t("sla.filter.catalogue")}
        defaultValue={String(filter.catalogue)}
        data={[{ value: ALL_CATALOGUES, label: t("sla.filter.allCatalogues") }, ...catalogues.map((c) => ({ value: String(c.id), label: catalogueTitle(t, c) }))]}
        error={translateError(t, errors.catalogue)}
        data-testid="sla-catalogue"
      />
      <NativeSelect
        name="stage"
        label={t("sla.filter.stage")}
        defaultValue={filter.stage ?? ""}
        data={[{ value: "", label: t("sla.filter.anyStage") }, ...SERVICE_STAGES.map((s) => ({ value: s, label: t(`catalogue.stages.${s}`) }))]}
        data-testid="sla-stage"
      />
      <NativeSelect
        name="provider"
        label={t("sla.filter.provider")}
        defaultValue={filter.provider === null ? "" : String(filter.provider)}
        data={[
          { value: "", label: t("sla.filter.anyProvider") },
          { value: NO_PROVIDER, label: t("sla.filter.noProvider") },
          ...options.providers.map((p) => ({ value: String(p.id), label: p.name })),
        ]}
        error={translateError(t, errors.provider)}
        data-testid="sla-provider"
      />
      <NativeSelect
        name="kpi"
        label={t("sla.filter.kpi")}
        defaultValue={filter.kpi === null ? "" : String(filter.kpi)}
        data={[{ value: "", label: t("sla.filter.anyKpi") }, ...options.kpis.map((k) => ({ value: String(k.id), label: k.name }))]}
        error={translateError(t, errors.kpi)}
        data-testid="sla-kpi"
      />
      <TextInput
        name="q"
        type="search"
        label={t("sla.filter.q")}
        placeholder={t("sla.filter.qPlaceholder")}
        defaultValue={filter.q}
        maxLength={200}
        error={translateError(t, errors.q)}
        data-testid="sla-q"
      />
      <div className={classes.actions}>
        <Button type="submit" data-testid="sla-apply">
          {t("sla.filter.apply")}
        </Button>
        <Anchor href="/sla" size="sm">
          {t("sla.filter.reset")}
        </Anchor>
      </div>
    </Form>
  );
}
