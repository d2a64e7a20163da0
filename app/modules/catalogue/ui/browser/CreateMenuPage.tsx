import { Alert, Anchor, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { IconBox, IconCategory, IconLayoutColumns, IconSparkles } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/ui/FormAlert";
import { fieldError, useSchemaForm, type FormReply } from "~/ui/form/use-schema-form";
import type { createMenuLoader } from "../../create-page.server";
import type { CreateSchema } from "../../create-schema";
import { CREATE_TYPES } from "../../create-types";

const ICONS = { area: IconLayoutColumns, category: IconCategory, service: IconBox };

/** The create menu (spec 01 §2): the type first, then the name (and category). One form per step. */
export function CreateMenuPage() {
  const { type, areaActive, categories, areas, loadError, preset, canUseAi } = useLoaderData<typeof createMenuLoader>();
  const [form, fields] = useSchemaForm<typeof CreateSchema>(useActionData<FormReply>());
  const { t } = useTranslation();
  return (
    <Stack maw={640}>
      <Anchor component={Link} to="/servicecatalog" size="sm">
        ← {t("catalogue.defaultLabel")}
      </Anchor>
      <Title order={1}>{t("catalogue.createMenu.title")}</Title>
      {!type ? (
        <>
          <Text>{t("catalogue.createMenu.chooseType")}</Text>
          <SimpleGrid cols={{ base: 1, sm: (areaActive ? 3 : 2) + (canUseAi ? 1 : 0) }}>
            {CREATE_TYPES.filter((k) => areaActive || k !== "area").map((k) => {
              const Icon = ICONS[k];
              return (
                <Button key={k} component={Link} to={`?type=${k}`} variant="default" h={88} leftSection={<Icon size={22} aria-hidden />} data-testid={`create-${k}`}>
                  {t(`catalogue.createMenu.${k}`)}
                </Button>
              );
            })}
            {canUseAi ? (
              <Button component={Link} to="/servicecatalog/ai" variant="default" h={88} leftSection={<IconSparkles size={22} aria-hidden />} data-testid="create-ai">
                {t("ai.create.menuEntry")}
              </Button>
            ) : null}
          </SimpleGrid>
        </>
      ) : (
        <Card withBorder>
          <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate>
            <input type="hidden" name={fields.type.name} value={type} />
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t(`catalogue.createMenu.${type}`)}
              </Title>
              <FormAlert error={form.errors?.[0] ?? loadError} />
              <TextInput
                key={fields.name.key}
                name={fields.name.name}
                label={t("catalogue.createMenu.name")}
                required
                autoFocus
                defaultValue={fields.name.initialValue}
                error={fieldError(t, fields.name.errors)}
              />
              {type === "category" && areaActive ? (
                <NativeSelect
                  key={fields.area.key}
                  name={fields.area.name}
                  defaultValue={fields.area.initialValue ?? preset.area}
                  error={fieldError(t, fields.area.errors)}
                  label={t("catalogue.createMenu.areaLabel")}
                  data={[{ value: "", label: t("catalogue.createMenu.noAreaOption") }, ...areas.map((a) => ({ value: String(a.id), label: a.name }))]}
                />
              ) : null}
              {type === "service" ? (
                categories.length || loadError ? (
                  <NativeSelect
                    key={fields.category.key}
                    name={fields.category.name}
                    defaultValue={fields.category.initialValue ?? preset.category}
                    label={t("catalogue.createMenu.categoryLabel")}
                    required
                    data={[{ value: "", label: t("catalogue.createMenu.chooseCategory") }, ...categories.map((c) => ({ value: String(c.id), label: c.name }))]}
                    error={fieldError(t, fields.category.errors)}
                  />
                ) : (
                  <Alert color="yellow">{t("catalogue.createMenu.noCategories")}</Alert>
                )
              ) : null}
              <Group justify="space-between">
                <Anchor component={Link} to="/servicecatalog/new" size="sm">
                  {t("catalogue.createMenu.back")}
                </Anchor>
                <Button type="submit" data-testid="create-submit">
                  {t("catalogue.createMenu.submit")}
                </Button>
              </Group>
            </Stack>
          </Form>
        </Card>
      )}
    </Stack>
  );
}
