import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DETAIL_TEXT_FIELDS, PERSONAL_TEXT_FIELDS, RICH_FIELDS } from "~/modules/service/service-fields";
import { FormAlert } from "~/ui/FormAlert";
import { RouteDialog } from "~/ui/RouteDialog";
import type { factoryServicePreviewLoader } from "../catalog-page.server";
import { listQuery } from "../factory-types";
import classes from "./factory.module.css";

/** /factory/catalog/service/:id — one template service as the template server publishes it (rich text sanitised on our side). */
export function ServicePreview() {
  const { service, error, localId } = useLoaderData<typeof factoryServicePreviewLoader>();
  const { t } = useTranslation();
  const location = useLocation();
  const closeTo = `/factory/catalog${listQuery(location.search)}`;
  const none = t("factory.preview.none");
  return (
    <RouteDialog title={service ? t("factory.preview.title", { name: service.name }) : t("factory.catalog.preview")} closeTo={closeTo} maxWidth={1024}>
      <Stack gap="md" data-testid="factory-preview">
        <FormAlert error={error} />
        {localId ? (
          <Text size="sm">
            {t("factory.catalog.linked")}:{" "}
            <Anchor component={Link} to={`/servicecatalog/service/${localId}`} size="sm">
              {service?.name ?? t("factory.catalog.openLocalShort")}
            </Anchor>
          </Text>
        ) : null}
        {service ? (
          <>
            <dl className={classes.dl}>
              <dt>{t("factory.preview.path")}</dt>
              <dd>{[service.area_name, service.category_name].filter(Boolean).join(" › ") || none}</dd>
              <dt>{t("service.fields.servicetype")}</dt>
              <dd>{t(`catalogue.type.${service.servicetype}`)}</dd>
            </dl>
            {RICH_FIELDS.map((field) =>
              service[field] ? (
                <section key={field} aria-labelledby={`preview-${field}`}>
                  <Title order={3} size="h5" id={`preview-${field}`}>
                    {t(`service.fields.${field}`)}
                  </Title>
                  {/* Sanitised when read from the template server (factory-service.server.ts). */}
                  <div className={classes.rich} dangerouslySetInnerHTML={{ __html: service[field] ?? "" }} />
                </section>
              ) : null,
            )}
            <dl className={classes.dl}>
              {[...DETAIL_TEXT_FIELDS, ...PERSONAL_TEXT_FIELDS]
                .filter((field) => service[field])
                .map((field) => [
                  <dt key={`${field}-t`}>{t(`service.fields.${field}`)}</dt>,
                  <dd key={`${field}-d`}>{service[field]}</dd>,
                ])}
              <dt>{t("service.fields.owners")}</dt>
              <dd>{service.owners.join(", ") || none}</dd>
              <dt>{t("service.fields.providers")}</dt>
              <dd>{service.providers.join(", ") || none}</dd>
              <dt>{t("service.fields.kpis")}</dt>
              <dd>{service.kpis.join(", ") || none}</dd>
              <dt>{t("service.fields.tags")}</dt>
              <dd>{service.tags.join(", ") || none}</dd>
            </dl>
            {service.options.length ? (
              <section aria-labelledby="preview-options">
                <Title order={3} size="h5" id="preview-options">
                  {t("servicechildren.sections.options")}
                </Title>
                <ul>
                  {service.options.map((o, i) => (
                    <li key={i}>
                      <Text size="sm" fw={600} span>
                        {o.name}
                      </Text>
                      {o.art_nr ? <Text size="sm" span>{` (${o.art_nr})`}</Text> : null}
                      {o.short_description ? <div className={classes.rich} dangerouslySetInnerHTML={{ __html: o.short_description }} /> : null}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {service.responsibilities.length ? (
              <section aria-labelledby="preview-responsibilities">
                <Title order={3} size="h5" id="preview-responsibilities">
                  {t("servicechildren.sections.responsibilities")}
                </Title>
                <ul>
                  {service.responsibilities.map((r, i) => (
                    <li key={i}>
                      <Text size="sm">{r.description ?? none}</Text>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {service.links.length ? (
              <section aria-labelledby="preview-links">
                <Title order={3} size="h5" id="preview-links">
                  {t("servicechildren.sections.links")}
                </Title>
                <ul>
                  {service.links.map((l, i) => (
                    <li key={i}>
                      <Anchor href={l.url} target="_blank" rel="noopener noreferrer" size="sm">
                        {l.url}
                      </Anchor>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        ) : null}
        <Anchor component={Link} to={closeTo} size="sm" preventScrollReset>
          {t("factory.preview.back")}
        </Anchor>
      </Stack>
    </RouteDialog>
  );
}
