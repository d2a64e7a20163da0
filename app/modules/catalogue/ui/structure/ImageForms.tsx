import { Button, Group, Input, Stack, Text } from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../../ui/FormAlert";
import { translateError } from "~/ui/forms";
import { answerFor, formError } from "~/ui/form/use-schema-form";
import { IMAGE_ACCEPT, type StructureAnswer } from "../../structure-types";

/** Upload (multipart, a plain file input so it works without JS) and removal of the image. */
export function ImageForms({ hasImage, actionData }: { hasImage: boolean; actionData?: StructureAnswer }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const fileId = useId();
  const upload = answerFor(actionData, "uploadImage");
  const remove = answerFor(actionData, "removeImage");
  const imageError = upload?.error?.image?.[0];
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Stack gap="sm">
      {!hasImage ? <Text c="dimmed">{t("structure.noImage")}</Text> : null}
      <Form method="post" encType="multipart/form-data" aria-label={t("structure.imageUpload")}>
        <input type="hidden" name="intent" value="uploadImage" />
        <Stack gap="xs">
          <FormAlert error={formError(upload)} />
          <Input.Wrapper id={fileId} label={t("structure.imageFile")} description={t("structure.imageHint")} error={translateError(t, imageError)}>
            <input
              id={fileId}
              type="file"
              name="image"
              accept={IMAGE_ACCEPT}
              required
              aria-invalid={imageError ? true : undefined}
              aria-describedby={`${fileId}-description${imageError ? ` ${fileId}-error` : ""}`}
              data-testid="image-input"
            />
          </Input.Wrapper>
          <Group>
            <Button type="submit" variant="light" loading={busy("uploadImage")}>
              {t("structure.imageUpload")}
            </Button>
          </Group>
        </Stack>
      </Form>
      {hasImage ? (
        <Form method="post">
          <input type="hidden" name="intent" value="removeImage" />
          <FormAlert error={formError(remove)} />
          <Button type="submit" variant="subtle" color="red" loading={busy("removeImage")}>
            {t("structure.imageRemove")}
          </Button>
        </Form>
      ) : null}
    </Stack>
  );
}
