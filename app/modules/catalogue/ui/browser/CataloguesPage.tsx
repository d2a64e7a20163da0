import {
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Table,
  TextInput,
  Title,
} from "@mantine/core";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ContentLanguagesForm, LanguageListForm } from "~/modules/translations/ui/ContentLanguagesForm";
import { languageName } from "~/modules/translations/translations";
import {
  answerFor,
  fieldError,
  useSchemaForm,
  type FormAnswer,
} from "~/ui/form/use-schema-form";
import { PlainButton, PlainTextInput } from "~/ui/plain/Plain";
import { answerFields } from "~/lib/form-answer";
import { translateError } from "~/ui/forms";
import type { NewCatalogueSchema } from "../../catalogue-schemas";
import type { CataloguesData } from "../../catalogues-page.server";
import { catalogueTitle } from "../../catalogue-title";
import { subjectTranslationPath } from "~/modules/translations/subject-types";
import { TableBox } from "~/ui/TableBox";

/** /servicecatalog/catalogues — every catalogue with its counts; pick the current one; admins create one. */
export function CataloguesPage({
  catalogues,
  current,
  canCreate,
  canSetReview,
  canSetLanguages,
  canSetLanguageList,
  offeredLanguages,
  languagesFor,
}: CataloguesData) {
  const answer = useActionData<FormAnswer>();
  const [form, fields] = useSchemaForm<typeof NewCatalogueSchema>(answerFor(answer, "createCatalogue"));
  const { t, i18n } = useTranslation();
  return (
    <Stack maw={900}>
      <Title order={1}>{t("catalogue.managerTitle")}</Title>
      <TableBox minWidth={560}>
        <Table withTableBorder data-testid="catalogues" data-row-actions>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("catalogue.title")}</Table.Th>
              <Table.Th>{t("catalogue.servicesPanel")}</Table.Th>
              <Table.Th>{t("catalogue.areasPanel")}</Table.Th>
              <Table.Th>{t("catalogue.categoriesPanel")}</Table.Th>
              <Table.Th>{t("catalogue.reviewInterval.column")}</Table.Th>
              <Table.Th>{t("translations.languages")}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {catalogues.map((c) => (
              <Table.Tr key={c.id} data-testid="catalogue-row">
                <Table.Td>{catalogueTitle(t, c)}</Table.Td>
                <Table.Td>{c.services}</Table.Td>
                <Table.Td>{c.areas}</Table.Td>
                <Table.Td>{c.categories}</Table.Td>
                <Table.Td>
                  {canSetReview ? (
                    <ReviewIntervalForm catalogueId={c.id} title={catalogueTitle(t, c)} months={c.reviewInterval} answer={answer} />
                  ) : (
                    <span data-testid="review-interval">{t("catalogue.reviewInterval.months", { count: c.reviewInterval })}</span>
                  )}
                </Table.Td>
                <Table.Td>
                  <span data-testid="catalogue-languages">{[c.languages.primary, ...c.languages.further].map((code) => languageName(code, i18n.language)).join(", ")}</span>
                  {canSetLanguages ? (
                    <>
                      {" "}
                      <Link to={`?languages=${c.id}#content-languages`} preventScrollReset aria-label={t("translations.form", { title: catalogueTitle(t, c) })}>
                        {t("translations.change")}
                      </Link>
                      {c.languages.further.length ? (
                        <>
                          {" · "}
                          <Link to={subjectTranslationPath("catalogue", c.id)} aria-label={t("translations.translateCatalogue", { title: catalogueTitle(t, c) })} data-testid="translate-catalogue">
                            {t("translations.page.link")}
                          </Link>
                        </>
                      ) : null}
                    </>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  {c.id === current ? (
                    <Badge color="green.9" variant="filled">
                      {t("catalogue.current")}
                    </Badge>
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="catalogue" />
                      <input type="hidden" name="catalogue" value={c.id} />
                      <Button type="submit" size="xs" variant="default">
                        {t("catalogue.makeCurrent")}
                      </Button>
                    </Form>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableBox>
      {canSetLanguages ? (
        <Card withBorder maw={720} id="content-languages" data-testid="content-languages">
          <Title order={2} size="h4" mb="xs">
            {t("translations.languages")}
          </Title>
          {canSetLanguageList ? <LanguageListForm offered={offeredLanguages} error={answerFor(answer, "languageList") ? answerFields(answerFor(answer, "languageList")!).errors.codes : undefined} /> : null}
          {catalogues
            .filter((c) => c.id === languagesFor)
            .map((c) => (
              <ContentLanguagesForm key={c.id} catalogueId={c.id} title={catalogueTitle(t, c)} primary={c.languages.primary} further={c.languages.further} offered={offeredLanguages} />
            ))}
        </Card>
      ) : null}
      {canCreate ? (
        <Card withBorder maw={520}>
          <Title order={2} size="h4" mb="sm">
            {t("catalogue.newCatalogue")}
          </Title>
          <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate>
            <input type="hidden" name="intent" value="createCatalogue" />
            <Group align="flex-end">
              <TextInput
                key={fields.title.key}
                name={fields.title.name}
                label={t("catalogue.title")}
                required
                defaultValue={fields.title.initialValue}
                error={fieldError(t, fields.title.errors)}
                style={{ flex: 1 }}
              />
              <Button type="submit">{t("catalogue.create")}</Button>
            </Group>
          </Form>
        </Card>
      ) : null}
    </Stack>
  );
}

/** One catalogue's review interval (issue 36 §1): months between reviews of its services, 0 for none. */
function ReviewIntervalForm({ catalogueId, title, months, answer }: { catalogueId: number; title: string; months: number; answer: FormAnswer | undefined }) {
  const { t } = useTranslation();
  const mine = answerFor(answer, `reviewInterval-${catalogueId}`);
  const refused = mine ? answerFields(mine) : undefined;
  return (
    <Form method="post" noValidate aria-label={t("catalogue.reviewInterval.form", { title })} data-testid="review-interval-form">
      <input type="hidden" name="intent" value="reviewInterval" />
      <input type="hidden" name="catalogue" value={catalogueId} />
      <Group gap={6} align="flex-end" wrap="nowrap">
        <PlainTextInput
          type="number"
          name="review_interval_months"
          min={0}
          max={120}
          label={t("catalogue.reviewInterval.label")}
          defaultValue={refused ? (refused.values?.review_interval_months ?? "") : String(months)}
          error={translateError(t, refused?.errors.review_interval_months)}
          fieldStyle={{ width: 90 }}
        />
        <PlainButton type="submit" size="xs" variant="default">
          {t("catalogue.reviewInterval.save")}
        </PlainButton>
      </Group>
    </Form>
  );
}
