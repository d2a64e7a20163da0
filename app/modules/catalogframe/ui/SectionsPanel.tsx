import { Anchor, Badge, Button, Card, Group, NativeSelect, Stack, Text, Title } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { answerFor, type FormAnswer } from "~/lib/form-answer";
import { SECTION_HOLDS, SECTION_SORTS, framePath, type SectionItem, type SectionSort, type SectionView } from "../frame-types";
import { Refusal } from "./FrameRows";
import { ItemView } from "./FrameSheet";
import { MoveButtons, ReorderList } from "./Reorder";
import classes from "./catalogframe.module.css";

/** The items of one section in their shared order: each with move buttons (drag and drop with JS), edit and delete. */
function SectionItems({ base, section, answer }: { base: string; section: SectionView; answer: FormAnswer | undefined }) {
  const { t } = useTranslation();
  const name = (item: SectionItem) => item.title || t(`catalogframe.items.${item.kind}.kind`);
  if (!section.items.length) {
    return (
      <Text size="sm" c="dimmed">
        {t("catalogframe.sections.noItems")}
      </Text>
    );
  }
  return (
    <ReorderList
      scope={`items-${section.id}`}
      items={section.items}
      keyOf={(item) => `${item.kind}:${item.id}`}
      enabled
      fields={(item) => ({ intent: "item-move", kind: item.kind, id: item.id })}
      label={t("catalogframe.sections.itemsOf", { name: section.name })}
      testId="section-items"
    >
      {(item, index) => (
        <div data-testid={`item-${item.kind}`}>
          <div className={classes.entryHead}>
            <Badge variant="light" color="gray" c="dark">
              {t(`catalogframe.items.${item.kind}.kind`)}
            </Badge>
            <Group gap="sm" wrap="nowrap">
              <MoveButtons
                fields={{ intent: "item-move", kind: item.kind, id: item.id }}
                index={index}
                count={section.items.length}
                labels={{ up: t("catalogframe.items.moveUp", { title: name(item) }), down: t("catalogframe.items.moveDown", { title: name(item) }) }}
              />
              <Anchor component={Link} to={`${base}/item/${item.kind}/${item.id}`} size="sm" preventScrollReset aria-label={t("catalogframe.items.editLabel", { title: name(item) })}>
                {t("catalogframe.edit")}
              </Anchor>
              <Anchor component={Link} to={`${base}/delete/${item.kind}/${item.id}`} size="sm" c="red.8" preventScrollReset aria-label={t("catalogframe.items.deleteLabel", { title: name(item) })}>
                {t("catalogframe.delete")}
              </Anchor>
            </Group>
          </div>
          <Refusal answer={answerFor(answer, `items:${item.kind}:${item.id}`)} />
          <ItemView item={item} level={4} />
        </div>
      )}
    </ReorderList>
  );
}

/**
 * The frame's sections: sorted by position (the default; then reorderable by buttons or drag and
 * drop) or by name or date. Each shows its items; new sections and items open as dialogs.
 */
export function SectionsPanel({ catalogueId, sections, sort, answer }: { catalogueId: number; sections: SectionView[]; sort: SectionSort; answer: FormAnswer | undefined }) {
  const { t } = useTranslation();
  const base = framePath(catalogueId);
  const reorder = sort === "position";
  return (
    <Card withBorder component="section" id="sections" aria-labelledby="sections-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id="sections-title">
            {t("catalogframe.sections.title")}
          </Title>
          <Button component={Link} to={`${base}/section/new`} preventScrollReset leftSection={<IconPlus size={16} aria-hidden />} variant="light" data-testid="new-section">
            {t("catalogframe.sections.new")}
          </Button>
        </Group>
        <Form method="get" preventScrollReset>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <NativeSelect name="sort" label={t("catalogframe.sections.sort")} defaultValue={sort} data={SECTION_SORTS.map((s) => ({ value: s, label: t(`catalogframe.sections.sorts.${s}`) }))} />
            <Button type="submit" variant="default" data-testid="apply-sort">
              {t("catalogframe.sections.applySort")}
            </Button>
          </Group>
        </Form>
        {!reorder ? (
          <Text size="sm" c="dimmed" data-testid="reorder-hint">
            {t("catalogframe.sections.onlyByPosition")}
          </Text>
        ) : null}
        <Refusal answer={answerFor(answer, "sections")} />
        {sections.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("catalogframe.sections.empty")}
          </Text>
        ) : (
          <ReorderList scope="sections" items={sections} keyOf={(s) => String(s.id)} enabled={reorder} fields={(s) => ({ intent: "section-move", id: s.id })} label={t("catalogframe.sections.title")} testId="sections-list">
            {(section, index) => (
              <section id={`section-${section.id}`} aria-labelledby={`section-${section.id}-title`} data-testid="section">
                <Stack gap="xs">
                  <div className={classes.entryHead}>
                    <div className={classes.entryMain}>
                      <Group gap="xs" wrap="wrap">
                        {reorder ? (
                          <span className={classes.grip} aria-hidden>
                            ⋮⋮
                          </span>
                        ) : null}
                        <Title order={3} size="h4" id={`section-${section.id}-title`} style={{ overflowWrap: "anywhere" }}>
                          {section.name}
                        </Title>
                        <Badge variant="outline" color="gray" c="dark">
                          {t(`catalogframe.sections.types.${section.type}`)}
                        </Badge>
                      </Group>
                      {section.description ? (
                        <Text size="sm" style={{ whiteSpace: "pre-line" }}>
                          {section.description}
                        </Text>
                      ) : null}
                    </div>
                    <Group gap="sm" wrap="nowrap">
                      {reorder ? (
                        <MoveButtons
                          fields={{ intent: "section-move", id: section.id }}
                          index={index}
                          count={sections.length}
                          labels={{ up: t("catalogframe.sections.moveUp", { name: section.name }), down: t("catalogframe.sections.moveDown", { name: section.name }) }}
                        />
                      ) : null}
                      <Anchor component={Link} to={`${base}/section/${section.id}`} size="sm" preventScrollReset aria-label={t("catalogframe.sections.editLabel", { name: section.name })}>
                        {t("catalogframe.edit")}
                      </Anchor>
                      <Anchor component={Link} to={`${base}/delete/section/${section.id}`} size="sm" c="red.8" preventScrollReset aria-label={t("catalogframe.sections.deleteLabel", { name: section.name })}>
                        {t("catalogframe.delete")}
                      </Anchor>
                    </Group>
                  </div>
                  <SectionItems base={base} section={section} answer={answer} />
                  <Group gap="xs" wrap="wrap">
                    {SECTION_HOLDS[section.type].map((kind) => (
                      <Button
                        key={kind}
                        component={Link}
                        to={`${base}/item/${kind}/new?section=${section.id}`}
                        preventScrollReset
                        size="xs"
                        variant="default"
                        leftSection={<IconPlus size={14} aria-hidden />}
                        aria-label={t(`catalogframe.items.add.${kind}In`, { name: section.name })}
                        data-testid={`add-${kind}`}
                      >
                        {t(`catalogframe.items.add.${kind}`)}
                      </Button>
                    ))}
                  </Group>
                </Stack>
              </section>
            )}
          </ReorderList>
        )}
      </Stack>
    </Card>
  );
}
