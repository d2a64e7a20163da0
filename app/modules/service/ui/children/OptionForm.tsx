import { Button, Checkbox, Group, Input, SimpleGrid, TextInput } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { translateError } from "~/ui/forms";
import { RichTextField } from "../RichTextField";
import { ChildForm } from "./ChildForm";
import { costsInputValue } from "../../children-format";
import { PICTURE_ACCEPT, type ChildActionData, type OptionItem } from "../../children-types";

/** Add (no `option`) or edit an option: name, article number, costs, texts, picture. */
export function OptionForm({
  serviceId,
  updatedAt,
  option,
  failed,
}: {
  serviceId: number;
  updatedAt: string;
  option?: OptionItem;
  failed?: ChildActionData | null;
}) {
  // An edit form shown again on the no-JS answer page has only the refusal, not the stored child.
  const editing = Boolean(option) || failed?.intent === "updateOption";
  const { t, i18n } = useTranslation();
  const fileId = useId();
  const label = option
    ? t("servicechildren.options.editNamed", { name: option.name })
    : t(editing ? "servicechildren.options.edit" : "servicechildren.options.add");
  return (
    <ChildForm
      serviceId={serviceId}
      updatedAt={updatedAt}
      intent={editing ? "updateOption" : "addOption"}
      itemId={option?.id ?? (editing ? (failed?.itemId ?? undefined) : undefined)}
      label={label}
      multipart
      failed={failed}
      resetKey={option ? JSON.stringify({ ...option, pictureUrl: option.pictureUrl?.length ?? 0 }) : undefined}
    >
      {({ errors, values, busy }) => {
        const value = (name: keyof OptionItem & string, fallback: string | null | undefined) => values?.[name] ?? fallback ?? "";
        const pictureError = translateError(t, errors.picture);
        return (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                name="name"
                label={t("servicechildren.options.name")}
                required
                defaultValue={value("name", option?.name)}
                error={translateError(t, errors.name)}
                maxLength={255}
              />
              <TextInput
                name="art_nr"
                label={t("servicechildren.options.artNr")}
                defaultValue={value("art_nr", option?.art_nr)}
                error={translateError(t, errors.art_nr)}
              />
              <TextInput
                name="costs"
                label={t("servicechildren.options.costs")}
                description={t("servicechildren.options.costsHint")}
                inputMode="decimal"
                defaultValue={value("costs", option ? costsInputValue(option.costs, i18n.language) : "")}
                error={translateError(t, errors.costs)}
              />
            </SimpleGrid>
            <RichTextField
              name="short_description"
              label={t("servicechildren.options.shortDescription")}
              defaultValue={value("short_description", option?.short_description)}
              error={translateError(t, errors.short_description)}
            />
            <RichTextField
              name="description"
              label={t("servicechildren.options.description")}
              defaultValue={value("description", option?.description)}
              error={translateError(t, errors.description)}
            />
            <Input.Wrapper id={fileId} label={t("servicechildren.options.picture")} description={t(option?.pictureUrl ? "servicechildren.options.pictureKeptHint" : "servicechildren.options.pictureHint")} error={pictureError}>
              <input
                id={fileId}
                type="file"
                name="picture"
                accept={PICTURE_ACCEPT}
                aria-invalid={pictureError ? true : undefined}
                aria-describedby={`${fileId}-description${pictureError ? ` ${fileId}-error` : ""}`}
              />
            </Input.Wrapper>
            {option?.pictureUrl ? <Checkbox name="remove_picture" value="1" label={t("servicechildren.options.removePicture")} /> : null}
            <Group>
              <Button type="submit" loading={busy}>
                {editing ? t("servicechildren.save") : t("servicechildren.options.addSubmit")}
              </Button>
            </Group>
          </>
        );
      }}
    </ChildForm>
  );
}
