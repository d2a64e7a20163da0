import { Anchor, Button, Group, NativeSelect, Stack, Text, Title } from "@mantine/core";
import { Form, Link, Outlet, useActionData } from "@remix-run/react";
import { IconPrinter } from "@tabler/icons-react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { STATIC_CATALOGUE_ID, catalogueTitle } from "~/modules/catalogue/catalogue-title";
import type { FormAnswer } from "~/lib/form-answer";
import type { framePageLoader } from "../frame-page.server";
import { FRAME_ROW_KIND_NAMES, framePath } from "../frame-types";
import { FrameBasicsCard, KeyFiguresCard } from "./FrameBasics";
import { FrameRowsCard } from "./FrameRows";
import { SectionsPanel } from "./SectionsPanel";
import { languageName } from "~/modules/translations/translations";

type Data = Awaited<ReturnType<typeof framePageLoader>>;

/**
 * /catalogframe/:id — the cover sheet of a catalogue, edited part by part: every form posts its
 * own intent with the frame's version; after a save the forms start again from what is stored
 * (keyed by the version). The dialogs for sections and their items open over it.
 */
export function FramePage({ data }: { data: Data }) {
  const { t, i18n } = useTranslation();
  const answer = useActionData<FormAnswer>();
  const { catalogue, frame, catalogues, sort } = data;
  const isStatic = catalogue.id === STATIC_CATALOGUE_ID;
  const name = catalogueTitle(t, catalogue);
  const version = frame.updatedAt ?? "";
  const priorities = frame.priorities.map((p) => p.name);
  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1}>{t("catalogframe.title")}</Title>
        <Text c="dimmed" data-testid="frame-catalogue">
          {isStatic ? t("catalogframe.staticSubtitle", { name }) : t("catalogframe.subtitle", { name })}
        </Text>
      </Stack>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Form method="get" action="/catalogframe">
          <Group gap="xs" align="flex-end" wrap="wrap">
            <NativeSelect
              name="catalogue"
              label={t("catalogframe.pickCatalogue")}
              defaultValue={String(catalogue.id)}
              data={catalogues.map((c) => ({ value: String(c.id), label: catalogueTitle(t, c) }))}
            />
            <Button type="submit" variant="default">
              {t("catalogframe.show")}
            </Button>
          </Group>
        </Form>
        <Anchor href={`${framePath(catalogue.id)}/print`} data-testid="print-view">
          <Group gap={4} wrap="nowrap">
            <IconPrinter size={16} aria-hidden />
            {t("catalogframe.print")}
          </Group>
        </Anchor>
        {data.translations ? (
          <>
            {data.translations.print.map((language) => (
              <Anchor key={language} href={`${framePath(catalogue.id)}/print?lang=${language}`} data-testid="print-view-language">
                {t("catalogframe.printIn", { language: languageName(language, i18n.language) })}
              </Anchor>
            ))}
            <Anchor component={Link} to={data.translations.edit} data-testid="translate-link">
              {t("catalogframe.translate")}
            </Anchor>
          </>
        ) : null}
      </Group>
      {/* Keyed by the version: after a save every form starts again from the stored values. */}
      <Fragment key={version}>
        <FrameBasicsCard frame={frame} isStatic={isStatic} answer={answer} />
        {FRAME_ROW_KIND_NAMES.map((kind) => (
          <FrameRowsCard key={kind} kind={kind} rows={frame[kind]} version={version} answer={answer} priorities={priorities} />
        ))}
        <KeyFiguresCard frame={frame} answer={answer} />
      </Fragment>
      <SectionsPanel catalogueId={catalogue.id} sections={frame.sections} sort={sort} answer={answer} />
      <Outlet />
    </Stack>
  );
}
