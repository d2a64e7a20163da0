import { Stack, Text } from "@mantine/core";
import { Link, type useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { servicePageLoader } from "~/modules/service/page.server";
import {
  DETAIL_GROUPS,
  JUMP_SECTIONS,
  PERSONAL_FLAG_FIELDS,
  PERSONAL_TEXT_FIELDS,
  RICH_FIELDS,
} from "~/modules/service/service-fields";
import { ActivityHistory } from "../../../ui/ActivityHistory";
import { AiAssistantPanel } from "~/modules/ai/ui/AiAssistantPanel";
import { AttributesSection } from "./AttributesSection";
import { BasicsSection } from "./BasicsSection";
import { StageSection } from "./StageSection";
import { PeopleSection } from "./PeopleSection";
import { FieldsSection } from "./FieldsSection";
import { LinksSection } from "./LinksSection";
import { OptionsSection } from "./OptionsSection";
import { LineageSection, PictureSection } from "./PictureSection";
import {
  DependenciesSection,
  RelationsSection,
  TagsSection,
} from "./RelationsSections";
import { ResponsibilitiesSection } from "./ResponsibilitiesSection";
import { RichSection } from "./RichSection";
import { NameTranslation } from "./NameTranslation";
import { ContentLanguageSwitch } from "~/modules/translations/ui/ContentLanguageSwitch";
import { TranslationAssistPanel } from "~/modules/translations/ui/TranslationAssistPanel";
import { ServiceHeader } from "./ServiceHeader";
import { ServiceVersion } from "./ServiceSection";
import { useSectionInView } from "./use-section-in-view";
import type { ServiceAnswer } from "../types";
import classes from "./service.module.css";

type PageData = ReturnType<typeof useLoaderData<typeof servicePageLoader>>;

/** The service page: header, jump-to navigation, and every section of spec 01 §3 in order. */
export function ServicePage({
  data,
  result,
}: {
  data: PageData;
  result?: ServiceAnswer;
}) {
  const { t, i18n } = useTranslation();
  const { service, headlines, canEdit, hidden } = data;
  // Attribute masks (issue 15 §2): hidden sections, fields and attributes are left out.
  const shows = (anchor: string) => !hidden.sections.includes(anchor);
  const visibleGroups = <
    G extends { texts: readonly string[]; flags: readonly string[] }
  >(
    groups: readonly G[]
  ) =>
    groups
      .map((g) => ({
        ...g,
        texts: g.texts.filter((f) => !hidden.fields.includes(f)),
        flags: g.flags.filter((f) => !hidden.fields.includes(f)),
      }))
      .filter((g) => g.texts.length + g.flags.length > 0);
  const costGroups = shows("cost")
    ? visibleGroups(
        DETAIL_GROUPS.map((g) => ({
          ...g,
          title: t(`service.groups.${g.key}`),
        }))
      )
    : [];
  const personalGroups = visibleGroups([
    {
      key: "personaldata",
      texts: PERSONAL_TEXT_FIELDS,
      flags: PERSONAL_FLAG_FIELDS,
    },
  ]);
  const jumps = JUMP_SECTIONS.filter(
    ([anchor]) => shows(anchor) && (anchor !== "cost" || costGroups.length > 0)
  );
  const heading = (position: number) =>
    headlines[position] ?? t(`service.headlines.${position}`);
  const fieldLabel = (key: string) =>
    i18n.exists(`service.fields.${key}`)
      ? t(`service.fields.${key}`)
      : undefined;
  const common = {
    serviceId: service.id,
    updatedAt: service.updated_at,
    canEdit,
  };
  return (
    <div className={classes.page}>
      <Stack gap="md">
        <ServiceHeader
          // The name in the content language shown, where translated (issue 37).
          service={data.content?.translations?.name ? { ...service, name: data.content.translations.name.value } : service}
          tab={data.tab}
          canStructure={data.canStructure}
          canExport={data.canExport}
          contentLanguage={data.content && data.content.current !== data.content.primary ? data.content.current : null}
          nameLanguage={data.content ? (data.content.translations?.name ? data.content.current : data.content.primary) : undefined}
        />
        {data.tab === "history" ? (
          <section aria-label={t("service.tabs.history")}>
            <ActivityHistory
              history={data.history ?? { activities: [], names: {} }}
              fieldLabel={fieldLabel}
            />
          </section>
        ) : (
          <ServiceVersion.Provider value={service.updated_at}>
            <div className={classes.layout}>
              <Stack gap="md">
                {canEdit && service.status === "closed" ? (
                  // Said before the save, not only after it (issue 32 §3).
                  <Text size="sm" data-testid="approved-note">
                    {t("service.approvedNote")}
                  </Text>
                ) : null}
                {data.readOnly ? (
                  <Text size="sm" c="dimmed" data-testid="read-only-note">
                    {t(`service.readOnly.${data.readOnly.reason}`, { role: t(`roles.${data.readOnly.role}`) })}
                  </Text>
                ) : null}
                {data.content ? <ContentLanguageSwitch content={data.content} /> : null}
                {data.translateParts ? (
                  <Text size="sm">
                    <Link to={data.translateParts} data-testid="translate-parts">
                      {t("translations.translateParts")}
                    </Link>
                  </Text>
                ) : null}
                {data.translate ? <TranslationAssistPanel assist={data.translate} updatedAt={service.updated_at} result={result} /> : null}
                {data.content?.translations && canEdit ? (
                  <NameTranslation
                    name={service.name}
                    language={data.content.current}
                    entry={data.content.translations.name ?? null}
                    updatedAt={service.updated_at}
                    canEdit={canEdit}
                    result={result}
                  />
                ) : null}
                <BasicsSection
                  service={service}
                  categories={data.options?.categories ?? null}
                  statuses={data.statuses}
                  canEdit={canEdit}
                  result={result}
                  review={data.review}
                  openThreads={data.openThreads ?? 0}
                />
                {data.people ? <PeopleSection panel={data.people} updatedAt={service.updated_at} canEdit={canEdit} result={result} /> : null}
                {data.stage ? <StageSection panel={data.stage} updatedAt={service.updated_at} canEdit={canEdit} result={result} /> : null}
                {RICH_FIELDS.map(
                  (field, index) =>
                    shows(field) && (
                      <RichSection
                        key={field}
                        field={field}
                        title={heading(index + 1)}
                        html={data.rich[field] ?? ""}
                        stored={service[field]}
                        updatedAt={service.updated_at}
                        canEdit={canEdit}
                        result={result}
                        translation={data.content && data.content.translations ? { language: data.content.current, entry: data.content.translations[field] ?? null } : null}
                      />
                    )
                )}
                {shows("options") && (
                  <OptionsSection
                    {...common}
                    title={heading(5)}
                    data={data.children.options}
                  />
                )}
                {shows("attributes") && (
                  <AttributesSection
                    {...common}
                    title={heading(6)}
                    data={data.children.attributes}
                  />
                )}
                {shows("responsibilities") && (
                  <ResponsibilitiesSection
                    {...common}
                    title={heading(7)}
                    data={data.children.responsibilities}
                  />
                )}
                {shows("dependencies") && (
                  <DependenciesSection
                    serviceId={service.id}
                    title={heading(8)}
                    requires={data.requires}
                    requiredBy={data.requiredBy}
                    candidates={data.candidates}
                    depq={data.depq}
                    updatedAt={service.updated_at}
                    canEdit={canEdit}
                    result={result}
                  />
                )}
                {costGroups.length > 0 && (
                  <FieldsSection
                    id="cost"
                    intent="details"
                    title={heading(9)}
                    groups={costGroups}
                    service={service}
                    canEdit={canEdit}
                    result={result}
                  />
                )}
                {shows("tags") && (
                  <TagsSection
                    title={heading(10)}
                    tags={data.tags}
                    pickers={data.pickers}
                    updatedAt={service.updated_at}
                    canEdit={canEdit}
                    canCreateTags={data.canCreateTags}
                    result={result}
                  />
                )}
                {shows("links") && (
                  <LinksSection
                    {...common}
                    title={heading(11)}
                    data={data.children.links}
                  />
                )}
                <RelationsSection
                  owners={data.owners}
                  providers={data.providers}
                  kpis={data.kpis}
                  pickers={data.pickers}
                  updatedAt={service.updated_at}
                  canEdit={canEdit}
                  result={result}
                />
                {personalGroups.length > 0 && (
                  <FieldsSection
                    id="personaldata"
                    intent="personaldata"
                    title={t("service.sections.personaldata")}
                    groups={personalGroups}
                    service={service}
                    canEdit={canEdit}
                    result={result}
                  />
                )}
                <PictureSection
                  service={service}
                  canEdit={canEdit}
                  result={result}
                />
                <LineageSection
                  parent={data.parent}
                  derivatives={data.derivatives}
                />
                {/* Below the content, closed: the service comes first (issue 32 §5). */}
                {data.ai ? <AiAssistantPanel ai={data.ai} updatedAt={service.updated_at} result={result} /> : null}
              </Stack>
              <JumpList label={t("service.jumpTo")} entries={jumps.map(([anchor, position]) => [anchor, heading(position)])} />
            </div>
          </ServiceVersion.Provider>
        )}
      </Stack>
    </div>
  );
}

/**
 * The jump-to list. It follows the reader's position itself, so scrolling (and the first look
 * right after hydration) re-renders these links, not the whole service page.
 */
function JumpList({ label, entries }: { label: string; entries: [anchor: string, title: string][] }) {
  const inView = useSectionInView(entries.map(([anchor]) => anchor));
  return (
    <nav className={classes.jump} aria-label={label}>
      <ol>
        {entries.map(([anchor, title]) => (
          <li key={anchor}>
            <a href={`#${anchor}`} aria-current={inView === anchor ? "location" : undefined}>
              {title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
