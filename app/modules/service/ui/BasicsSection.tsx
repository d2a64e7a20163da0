import { Checkbox, NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/dates";
import { translateError } from "~/ui/forms";
import { ServiceSection, SectionForm } from "./ServiceSection";
import { ReviewLine } from "./ReviewLine";
import type { ReviewInfo } from "../review-cadence";
import { resultFor, type Named, type ServiceAnswer } from "../types";
import classes from "./service.module.css";

export interface BasicsData {
  created_at: string;
  name: string;
  category_id: number | null;
  category_name: string | null;
  servicetype: string;
  status: string;
  statuspercent: number;
  servicechangeplanned: number;
  review_interval_months: number | null;
  updated_at: string;
}

/** Name, category, type, status (only the transitions this user may make) and progress. */
export function BasicsSection({
  service,
  categories,
  statuses,
  canEdit,
  result,
  review,
  openThreads = 0,
}: {
  service: BasicsData;
  categories: Named[] | null;
  statuses: string[];
  canEdit: boolean;
  result?: ServiceAnswer;
  /** Null on a release's page: a release freezes content, not reviews. */
  review: ReviewInfo | null;
  /** Open discussions of the service, named in the editor where the status is set. */
  openThreads?: number;
}) {
  const { t, i18n } = useTranslation();
  const mine = resultFor(result, "basics");
  const v = (mine?.values ?? service) as Record<string, unknown>;
  const e = mine?.errors ?? {};
  return (
    <ServiceSection
      id="basics"
      title={t("service.sections.basics")}
      editOpen={Boolean(mine)}
      form={
        canEdit && categories ? (
          <SectionForm intent="basics" updatedAt={service.updated_at} errors={e} stale={e._form === "service.stale"}>
            {openThreads > 0 ? (
              <a href="#comments" data-testid="open-threads">
                {t("service.openThreads", { count: openThreads })}
              </a>
            ) : null}
            <TextInput key={`name-${service.updated_at}`} name="name" label={t("service.fields.name")} required defaultValue={String(v.name ?? "")} error={translateError(t, e.name)} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect
                key={`cat-${service.updated_at}`}
                name="category_id"
                label={t("service.fields.category_id")}
                defaultValue={String(v.category_id ?? "")}
                data={[...(service.category_id ? [] : [{ value: "", label: "—" }]), ...categories.map((c) => ({ value: String(c.id), label: c.name }))]}
                error={translateError(t, e.category_id)}
              />
              <NativeSelect
                key={`type-${service.updated_at}`}
                name="servicetype"
                label={t("service.fields.servicetype")}
                defaultValue={String(v.servicetype ?? "customer")}
                data={["customer", "it"].map((k) => ({ value: k, label: t(`catalogue.type.${k}`) }))}
              />
              <NativeSelect
                key={`status-${service.updated_at}`}
                name="status"
                label={t("service.fields.status")}
                defaultValue={String(v.status ?? service.status)}
                data={statuses.map((s) => ({ value: s, label: t(`catalogue.status.${s}`) }))}
                description={t("service.workflow.hint")}
                data-testid="status-select"
              />
              <TextInput
                key={`pct-${service.updated_at}`}
                name="statuspercent"
                label={t("service.fields.statuspercent")}
                type="number"
                min={0}
                max={100}
                defaultValue={String(v.statuspercent ?? 0)}
                error={translateError(t, e.statuspercent)}
              />
              <TextInput
                key={`review-${service.updated_at}`}
                name="review_interval_months"
                label={t("service.fields.review_interval_months")}
                description={review ? t("service.fields.review_interval_hint", { count: review.catalogue }) : undefined}
                type="number"
                min={0}
                max={120}
                defaultValue={v.review_interval_months == null ? "" : String(v.review_interval_months)}
                error={translateError(t, e.review_interval_months)}
              />
            </SimpleGrid>
            <Checkbox key={`planned-${service.updated_at}`} name="servicechangeplanned" value="on" label={t("service.fields.servicechangeplanned")} defaultChecked={Number(v.servicechangeplanned) === 1 || v.servicechangeplanned === "on"} />
          </SectionForm>
        ) : undefined
      }
    >
      <dl className={classes.fields}>
        <div>
          <dt>{t("service.fields.category")}</dt>
          <dd>{service.category_name ?? t("catalogue.uncategorised")}</dd>
        </div>
        <div>
          <dt>{t("service.fields.servicetype")}</dt>
          <dd>{t(`catalogue.type.${service.servicetype}`)}</dd>
        </div>
        <div>
          <dt>{t("service.fields.status")}</dt>
          <dd data-testid="service-status">
            {t(`catalogue.status.${service.status}`)} · {service.statuspercent} %
          </dd>
        </div>
        <div>
          <dt>{t("service.fields.servicechangeplanned")}</dt>
          <dd>{service.servicechangeplanned ? t("service.yes") : t("service.no")}</dd>
        </div>
        <div>
          <dt>{t("service.fields.created_at")}</dt>
          <dd>{formatDateTime(service.created_at, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t("service.fields.updated_at")}</dt>
          <dd data-testid="service-updated-at">{formatDateTime(service.updated_at, i18n.language)}</dd>
        </div>
      </dl>
      {review ? <ReviewLine review={review} updatedAt={service.updated_at} canEdit={canEdit} result={result} /> : null}
    </ServiceSection>
  );
}
