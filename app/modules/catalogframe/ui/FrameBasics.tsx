import { Button, Card, Group, Input, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { RichTextField } from "~/modules/service/ui/RichTextField";
import { translateError } from "~/ui/forms";
import { answerFields, answerFor, type FormAnswer } from "~/lib/form-answer";
import { KEY_FIGURES, framePictureUrl, type FrameView } from "../frame-types";
import { Refusal } from "./FrameRows";
import { Hidden } from "./Reorder";
import classes from "./catalogframe.module.css";

type Frame = Omit<FrameView, "sections">;

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && (navigation.formData?.get("intent") ?? "picture") === intent;
}

/** Title, introduction (rich text) and picture (jpg/png, sniffed, 2 MB; removable). */
export function FrameBasicsCard({ frame, isStatic, answer }: { frame: Frame; isStatic: boolean; answer: FormAnswer | undefined }) {
  const { t } = useTranslation();
  const version = frame.updatedAt ?? "";
  const basics = answerFor(answer, "frame");
  const picture = answerFor(answer, "picture");
  const { errors, values } = basics ? answerFields(basics) : { errors: {} as Partial<Record<string, string>>, values: undefined };
  const pictureError = picture ? translateError(t, answerFields(picture).errors.picture) : undefined;
  const fileId = useId();
  const saving = useBusy("frame");
  const uploading = useBusy("picture");
  return (
    <Card withBorder component="section" id="frame-basics" aria-labelledby="frame-basics-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="frame-basics-title">
          {t("catalogframe.basics.title")}
        </Title>
        <Form method="post" preventScrollReset noValidate aria-labelledby="frame-basics-title">
          <Hidden fields={{ intent: "frame", updated_at: version }} />
          <Stack gap="sm">
            <Refusal answer={basics} />
            <TextInput
              name="title"
              label={t("catalogframe.basics.frameTitle")}
              description={isStatic ? t("catalogframe.basics.staticTitleHint") : undefined}
              defaultValue={values?.title ?? frame.title ?? ""}
              error={translateError(t, errors.title)}
              data-testid="frame-title"
            />
            <RichTextField name="introduction" label={t("catalogframe.basics.introduction")} defaultValue={values?.introduction ?? frame.introduction ?? ""} error={translateError(t, errors.introduction)} />
            <Group justify="flex-end">
              <Button type="submit" loading={saving} data-testid="save-frame">
                {t("catalogframe.save")}
              </Button>
            </Group>
          </Stack>
        </Form>
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t("catalogframe.basics.picture")}
          </Text>
          {frame.picture ? (
            <img src={framePictureUrl(frame.catalogueId, frame.picture.version)} alt={t("catalogframe.basics.pictureAlt")} className={classes.picture} data-testid="frame-picture" />
          ) : (
            <Text size="sm" c="dimmed">
              {t("catalogframe.basics.noPicture")}
            </Text>
          )}
        </div>
        <Refusal answer={picture && !pictureError ? picture : undefined} />
        <Form method="post" encType="multipart/form-data" preventScrollReset noValidate>
          <input type="hidden" name="updated_at" value={version} />
          <Stack gap="sm">
            <Input.Wrapper id={fileId} label={t("catalogframe.basics.pictureFile")} description={t("catalogframe.basics.pictureHint")} error={pictureError}>
              <input
                id={fileId}
                type="file"
                name="picture"
                accept=".jpg,.jpeg,.png,image/jpeg,image/png"
                className={classes.file}
                aria-invalid={pictureError ? true : undefined}
                aria-describedby={`${fileId}-description${pictureError ? ` ${fileId}-error` : ""}`}
                data-testid="frame-picture-file"
              />
            </Input.Wrapper>
            <Group gap="sm">
              <Button type="submit" variant="light" loading={uploading} data-testid="frame-picture-upload">
                {t("catalogframe.basics.upload")}
              </Button>
            </Group>
          </Stack>
        </Form>
        {frame.picture ? (
          <Form method="post" preventScrollReset>
            <Hidden fields={{ intent: "picture-remove", updated_at: version }} />
            <Button type="submit" variant="subtle" color="red" size="xs">
              {t("catalogframe.basics.removePicture")}
            </Button>
          </Form>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The spec's 14 key figures, a labelled text each, saved together. */
export function KeyFiguresCard({ frame, answer }: { frame: Frame; answer: FormAnswer | undefined }) {
  const { t } = useTranslation();
  const mine = answerFor(answer, "keyfigures");
  const { errors, values } = mine ? answerFields(mine) : { errors: {} as Partial<Record<string, string>>, values: undefined };
  const busy = useBusy("keyfigures");
  return (
    <Card withBorder component="section" id="keyfigures" aria-labelledby="keyfigures-title">
      <Form method="post" preventScrollReset noValidate aria-labelledby="keyfigures-title">
        <Hidden fields={{ intent: "keyfigures", updated_at: frame.updatedAt ?? "" }} />
        <Stack gap="sm">
          <Title order={2} size="h3" id="keyfigures-title">
            {t("catalogframe.keyFigures.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("catalogframe.cet")}
          </Text>
          <Refusal answer={mine} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {KEY_FIGURES.map((key) => (
              <Textarea
                key={key}
                name={key}
                label={t(`catalogframe.keyFigures.${key}`)}
                defaultValue={values?.[key] ?? frame.keyFigures[key] ?? ""}
                error={translateError(t, errors[key])}
                autosize
                minRows={1}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={busy} data-testid="save-keyfigures">
              {t("catalogframe.save")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Card>
  );
}
