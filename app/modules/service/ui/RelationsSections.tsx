import { Anchor, Badge, Button, Checkbox, Group, List, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { Form, Link, useLocation } from "@remix-run/react";
import type { RelationChoices } from "~/modules/service/service-sections";
import { useTranslation } from "react-i18next";
import { translateError } from "~/ui/forms";
import { ServiceSection, SectionForm } from "./ServiceSection";
import { resultFor, type Named, type ServiceAnswer } from "../types";
import classes from "./service.module.css";
import { useServiceHrefs } from "./service-hrefs";

/** A searchable picker: the ticked records, then a page of others; never every record (issue 10). */
function Picker({ name, label, choices }: { name: string; label: string; choices: RelationChoices }) {
  const { t } = useTranslation();
  const shown = choices.ticked.length + choices.candidates.length;
  return (
    <fieldset className={classes.checklist} data-testid={`picker-${name}`}>
      <legend>{label}</legend>
      <Stack gap={4} mah={220} style={{ overflowY: "auto" }}>
        {[...choices.ticked.map((o) => [o, true] as const), ...choices.candidates.map((o) => [o, false] as const)].map(([o, ticked]) => (
          <Checkbox key={o.id} name={name} value={String(o.id)} label={o.name} defaultChecked={ticked} size="xs" />
        ))}
        {shown === 0 ? (
          <Text size="xs" c="gray.7">
            {t("service.picker.none")}
          </Text>
        ) : null}
      </Stack>
      {choices.total > shown ? (
        <Text size="xs" c="gray.7" mt={4}>
          {t("service.picker.more", { shown, total: choices.total })}
        </Text>
      ) : null}
    </fieldset>
  );
}

/**
 * The search of a section's pickers: a GET submit of the section's own form, so what is ticked
 * travels along in the URL and comes back ticked (also without JS). Enter in the box searches.
 */
function PickerSearch({ param, label, value, anchor }: { param: string; label: string; value: string | null; anchor: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Group align="flex-end" gap="xs">
      <TextInput name={param} type="search" label={label} defaultValue={value ?? ""} data-testid={`${param}-search`} />
      <Button type="submit" variant="default" formMethod="get" formAction={`${location.pathname}#${anchor}`} formNoValidate>
        {t("service.picker.search")}
      </Button>
    </Group>
  );
}

function Chips({ items, empty, link }: { items: Named[]; empty: string; link?: (id: number) => string }) {
  if (!items.length) return <Text c="dimmed" size="sm">{empty}</Text>;
  return (
    <Group gap={6}>
      {items.map((i) =>
        link ? (
          <Badge key={i.id} variant="light" color="green" component={Link} to={link(i.id)} style={{ textTransform: "none", cursor: "pointer" }}>
            {i.name}
          </Badge>
        ) : (
          <Badge key={i.id} variant="light" color="green" style={{ textTransform: "none" }}>
            {i.name}
          </Badge>
        ),
      )}
    </Group>
  );
}

type Pickers = { owners: RelationChoices; providers: RelationChoices; kpis: RelationChoices; tags: RelationChoices; relq: string | null; tagq: string | null; newTag: string };

/** Owners, providers and service levels. */
export function RelationsSection(props: {
  owners: Named[];
  providers: Named[];
  kpis: Named[];
  pickers: Pickers | null;
  updatedAt: string;
  canEdit: boolean;
  result?: ServiceAnswer;
}) {
  const { t } = useTranslation();
  const mine = resultFor(props.result, "relations");
  const hrefs = useServiceHrefs();
  const rows: [string, Named[], string][] = [
    ["owners", props.owners, "/basedata/owner"],
    ["providers", props.providers, "/basedata/provider"],
    ["kpis", props.kpis, "/basedata/kpis"],
  ];
  return (
    <ServiceSection
      id="relations"
      title={t("service.sections.relations")}
      editOpen={Boolean(mine) || props.pickers?.relq != null}
      form={
        props.canEdit && props.pickers ? (
          <SectionForm key={props.updatedAt} intent="relations" updatedAt={props.updatedAt} errors={mine?.errors} stale={mine?.errors._form === "service.stale"}>
            <PickerSearch param="relq" label={t("service.picker.searchRelations")} value={props.pickers.relq} anchor="relations" />
            <SimpleGrid cols={{ base: 1, md: 3 }}>
              <Picker name="owners" label={t("service.fields.owners")} choices={props.pickers.owners} />
              <Picker name="providers" label={t("service.fields.providers")} choices={props.pickers.providers} />
              <Picker name="kpis" label={t("service.fields.kpis")} choices={props.pickers.kpis} />
            </SimpleGrid>
          </SectionForm>
        ) : undefined
      }
    >
      <Stack gap="xs">
        {rows.map(([key, items, base]) => (
          <div key={key}>
            <Text size="xs" fw={700} c="gray.7">
              {t(`service.fields.${key}`)}
            </Text>
            <Chips items={items} empty={t("service.none")} link={hrefs.baseData ? (id) => hrefs.baseData!(base, id) : undefined} />
          </div>
        ))}
      </Stack>
    </ServiceSection>
  );
}

/** Tags, with a new tag created inline. */
export function TagsSection({
  title,
  tags,
  pickers,
  updatedAt,
  canEdit,
  canCreateTags,
  result,
}: {
  title: string;
  tags: Named[];
  pickers: Pickers | null;
  updatedAt: string;
  canEdit: boolean;
  /** Creating a tag is the tag screen's right (admin guard); others pick existing ones. */
  canCreateTags: boolean;
  result?: ServiceAnswer;
}) {
  const { t } = useTranslation();
  const mine = resultFor(result, "tags");
  return (
    <ServiceSection
      id="tags"
      title={title}
      editOpen={Boolean(mine) || pickers?.tagq != null}
      form={
        canEdit && pickers ? (
          <SectionForm key={updatedAt} intent="tags" updatedAt={updatedAt} errors={mine?.errors} stale={mine?.errors._form === "service.stale"}>
            <PickerSearch param="tagq" label={t("service.picker.searchTags")} value={pickers.tagq} anchor="tags" />
            <Picker name="tags" label={t("service.fields.tags")} choices={pickers.tags} />
            {canCreateTags ? (
              <TextInput name="newTag" label={t("service.fields.newTag")} defaultValue={pickers.newTag} error={translateError(t, mine?.errors.newTag)} data-testid="new-tag" />
            ) : null}
          </SectionForm>
        ) : undefined
      }
    >
      <Chips items={tags} empty={t("service.none")} />
    </ServiceSection>
  );
}

/** Required services (a searchable picker; never itself) and who requires this one. */
export function DependenciesSection({
  serviceId,
  title,
  requires,
  requiredBy,
  candidates,
  depq,
  updatedAt,
  canEdit,
  result,
}: {
  serviceId: number;
  title: string;
  requires: Named[];
  requiredBy: Named[];
  candidates: (Named & { catalogue_title: string | null })[];
  depq: string;
  updatedAt: string;
  canEdit: boolean;
  result?: ServiceAnswer;
}) {
  const { t } = useTranslation();
  const mine = resultFor(result, "dependencies");
  const hrefs = useServiceHrefs();
  const link = (s: Named) => (
    <Anchor component={Link} to={hrefs.service(s.id)} size="sm">
      {s.name}
    </Anchor>
  );
  const action = (intent: string, required: number, label: string, text: string) => (
    <Form method="post" preventScrollReset style={{ display: "inline" }}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="updated_at" value={updatedAt} />
      <input type="hidden" name="required" value={required} />
      <Button type="submit" size="compact-xs" variant="subtle" aria-label={label}>
        {text}
      </Button>
    </Form>
  );
  return (
    <ServiceSection id="dependencies" title={title}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <div>
          <Text size="xs" fw={700} c="gray.7">
            {t("service.dependencies.requires")}
          </Text>
          {requires.length ? (
            <List size="sm" data-testid="requires">
              {requires.map((s) => (
                <List.Item key={s.id}>
                  {link(s)} {canEdit ? action("dependency-remove", s.id, t("service.dependencies.removeNamed", { name: s.name }), t("service.dependencies.remove")) : null}
                </List.Item>
              ))}
            </List>
          ) : (
            <Text c="dimmed" size="sm">
              {t("service.dependencies.none")}
            </Text>
          )}
        </div>
        <div>
          <Text size="xs" fw={700} c="gray.7">
            {t("service.dependencies.requiredBy")}
          </Text>
          {requiredBy.length ? (
            <List size="sm" data-testid="required-by">
              {requiredBy.map((s) => (
                <List.Item key={s.id}>{link(s)}</List.Item>
              ))}
            </List>
          ) : (
            <Text c="dimmed" size="sm">
              {t("service.dependencies.none")}
            </Text>
          )}
        </div>
      </SimpleGrid>
      {canEdit ? (
        <Stack gap="xs" mt="sm">
          {mine?.errors.required ? (
            <Text c="red.8" size="sm" role="alert">
              {translateError(t, mine.errors.required)}
            </Text>
          ) : null}
          {/* The picker is a GET form: its results come back with the page, also without JS. */}
          <Form method="get" preventScrollReset action={`/servicecatalog/service/${serviceId}#dependencies`}>
            <Group align="flex-end" gap="xs">
              <TextInput name="depq" type="search" label={t("service.dependencies.search")} defaultValue={depq} data-testid="dependency-search" />
              <Button type="submit" variant="default">
                {t("service.dependencies.searchSubmit")}
              </Button>
            </Group>
          </Form>
          {candidates.length ? (
            <List size="sm" data-testid="dependency-candidates">
              {candidates.map((c) => (
                <List.Item key={c.id}>
                  {c.name} {c.catalogue_title ? <Text span c="dimmed" size="xs">({c.catalogue_title})</Text> : null}{" "}
                  {action("dependency-add", c.id, t("service.dependencies.addNamed", { name: c.name }), t("service.dependencies.add"))}
                </List.Item>
              ))}
            </List>
          ) : null}
        </Stack>
      ) : null}
    </ServiceSection>
  );
}
