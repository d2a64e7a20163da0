import { Anchor, Button, FileInput, Group, List, SimpleGrid, Text } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { translateError } from "~/ui/forms";
import { ServiceSection, SectionForm } from "./ServiceSection";
import { resultFor, type Named, type ServiceAnswer } from "../types";
import classes from "./service.module.css";
import { useServiceHrefs } from "./service-hrefs";

/** The service picture: jpg/png upload (sniffed, 2 MB), shown from the cached image route. */
export function PictureSection({ service, canEdit, result }: { service: { id: number; name: string; has_picture: boolean; updated_at: string }; canEdit: boolean; result?: ServiceAnswer }) {
  const { t } = useTranslation();
  const mine = resultFor(result, "picture");
  const hrefs = useServiceHrefs();
  return (
    <ServiceSection
      id="picture"
      title={t("service.sections.picture")}
      editOpen={Boolean(mine)}
      form={
        canEdit ? (
          <>
            <SectionForm updatedAt={service.updated_at} encType="multipart/form-data" errors={mine?.errors} stale={mine?.errors._form === "service.stale"}>
              <FileInput name="picture" label={t("service.fields.picture")} accept=".jpg,.jpeg,.png,image/jpeg,image/png" error={translateError(t, mine?.errors.picture)} clearable />
            </SectionForm>
            {service.has_picture ? (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="picture-remove" />
                <input type="hidden" name="updated_at" value={service.updated_at} />
                <Button type="submit" variant="subtle" color="red" size="xs" mt="xs">
                  {t("service.picture.remove")}
                </Button>
              </Form>
            ) : null}
          </>
        ) : undefined
      }
    >
      {service.has_picture ? (
        <img className={classes.picture} src={hrefs.picture(service.id, service.updated_at)} alt={t("service.picture.alt", { name: service.name })} data-testid="service-picture" />
      ) : (
        <Text c="dimmed" size="sm">
          {t("service.none")}
        </Text>
      )}
    </ServiceSection>
  );
}

/** The parent this service was derived from and its derivatives in other catalogues. */
export function LineageSection({ parent, derivatives }: { parent: Named | null; derivatives: (Named & { catalogue_id: number | null; catalogue_title: string | null })[] }) {
  const { t } = useTranslation();
  const hrefs = useServiceHrefs();
  if (!parent && !derivatives.length) return null;
  return (
    <ServiceSection id="lineage" title={t("service.sections.lineage")}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {parent ? (
          <div data-testid="parent-service">
            <Text size="xs" fw={700} c="gray.7">
              {t("service.lineage.parent")}
            </Text>
            <Anchor component={Link} to={hrefs.service(parent.id)}>
              {parent.name}
            </Anchor>
          </div>
        ) : null}
        {derivatives.length ? (
          <div>
            <Text size="xs" fw={700} c="gray.7">
              {t("service.lineage.derivatives")}
            </Text>
            <List size="sm" data-testid="derivatives">
              {derivatives.map((d) => (
                <List.Item key={d.id}>
                  <Group gap={6}>
                    <Anchor component={Link} to={hrefs.service(d.id)}>
                      {d.name}
                    </Anchor>
                    {d.catalogue_id !== null ? (
                      <Text size="xs" c="dimmed">
                        {catalogueTitle(t, { id: d.catalogue_id, title: d.catalogue_title })}
                      </Text>
                    ) : null}
                  </Group>
                </List.Item>
              ))}
            </List>
          </div>
        ) : null}
      </SimpleGrid>
    </ServiceSection>
  );
}
