import { Alert, Anchor, Button, Card, Group, Input, Stack, Text, Title } from "@mantine/core";
import { IconDownload, IconMaximize, IconRestore, IconUpload } from "@tabler/icons-react";
import { useId, useRef, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/dates";
import { FlashToast } from "~/ui/FlashToast";
import { useEntryForm } from "~/ui/entry-form";
import { answerFor, fieldError, formError, type FormAnswer } from "~/ui/form/use-schema-form";
import { TOM_ACCEPT, TOM_ENTRY_PATH, TOM_FILENAME, formatFileSize, tomPdfUrl, type TomDocumentInfo } from "../tom";
import { TOM_FIELDS } from "../tom-fields";
import type { TomPanelData } from "../tom-page.server";
import classes from "./tom.module.css";

/**
 * The T.O.M. entry (spec 01 §2): the provider's technical and organisational measures in the
 * browser's PDF viewer, full screen on request, with a download link for browsers that show no
 * PDF inline. Superadmins replace the document by an upload or restore the generated one.
 */
export function TomPanel({ data }: { data: TomPanelData }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const viewerUrl = tomPdfUrl(data.document);
  const downloadUrl = tomPdfUrl(data.document, true);

  // With JS the viewer itself goes full screen; without (or where the browser cannot) the link opens the PDF in a tab.
  const fullScreen = (event: MouseEvent<HTMLAnchorElement>) => {
    const element = frame.current;
    if (!element || !document.fullscreenEnabled || typeof element.requestFullscreen !== "function") return;
    event.preventDefault();
    element.requestFullscreen().catch(() => window.open(viewerUrl, "_blank", "noopener"));
  };

  return (
    <Stack gap="md" className={classes.panel} data-testid="tom-panel">
      <Title order={2}>{t("tom.title")}</Title>
      <Text size="sm">{t("tom.intro")}</Text>
      {data.loadError ? (
        <Alert color="red" role="alert">
          {t(data.loadError)}
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button component="a" href={viewerUrl} target="_blank" rel="noopener" onClick={fullScreen} leftSection={<IconMaximize size={18} aria-hidden />} data-testid="tom-fullscreen">
          {t("tom.fullScreen")}
        </Button>
        <Button component="a" href={downloadUrl} download={TOM_FILENAME} variant="default" leftSection={<IconDownload size={18} aria-hidden />} data-testid="tom-download">
          {t("tom.download")}
        </Button>
      </Group>
      <iframe ref={frame} src={viewerUrl} title={t("tom.viewerTitle")} className={classes.viewer} data-testid="tom-viewer" />
      <Text size="sm" c="dimmed">
        {t("tom.fallback")}{" "}
        <Anchor href={downloadUrl} download={TOM_FILENAME} underline="always" data-testid="tom-fallback-link">
          {TOM_FILENAME}
        </Anchor>
      </Text>
      {data.canReplace ? <TomReplace info={data.document} maxBytes={data.maxBytes} /> : null}
    </Stack>
  );
}

/** Superadmins: upload a PDF in place of the document, or go back to the generated one. */
function TomReplace({ info, maxBytes }: { info: TomDocumentInfo | null; maxBytes: number }) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const { Form, action, result, busy } = useEntryForm<FormAnswer>(TOM_ENTRY_PATH);
  const upload = answerFor(result, "upload");
  const restore = answerFor(result, "restore");
  const error = fieldError(t, upload?.error?.[TOM_FIELDS.file] ?? undefined);
  const refused = formError(upload) ?? formError(restore);
  const values = info ? { size: formatFileSize(info.bytes, i18n.language), date: formatDateTime(info.updatedAt, i18n.language) } : null;
  return (
    <Card withBorder component="section" aria-labelledby="tom-replace-heading" data-testid="tom-replace">
      <Stack gap="sm">
        <Title order={3} size="h4" id="tom-replace-heading">
          {t("tom.replace.heading")}
        </Title>
        {info && values ? (
          <Text size="sm" data-testid="tom-source" data-source={info.source}>
            {info.source === "uploaded" ? t("tom.replace.currentUploaded", values) : t("tom.replace.currentGenerated", values)}
          </Text>
        ) : null}
        <Form method="post" action={action} encType="multipart/form-data" noValidate>
          <Stack gap="sm">
            <Input.Wrapper id={inputId} label={t("tom.replace.file")} description={t("tom.replace.fileHint", { max: formatFileSize(maxBytes, i18n.language) })} error={error}>
              <input
                id={inputId}
                type="file"
                name={TOM_FIELDS.file}
                accept={TOM_ACCEPT}
                className={classes.file}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${inputId}-description${error ? ` ${inputId}-error` : ""}`}
                data-testid="tom-file"
              />
            </Input.Wrapper>
            <Group>
              <Button type="submit" loading={busy} leftSection={<IconUpload size={18} aria-hidden />} data-testid="tom-upload">
                {t("tom.replace.upload")}
              </Button>
            </Group>
          </Stack>
        </Form>
        {info?.source === "uploaded" ? (
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value="restore" />
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {t("tom.replace.restoreHint")}
              </Text>
              <Group>
                <Button type="submit" variant="default" loading={busy} leftSection={<IconRestore size={18} aria-hidden />} data-testid="tom-restore">
                  {t("tom.replace.restore")}
                </Button>
              </Group>
            </Stack>
          </Form>
        ) : null}
        {refused ? <FlashToast key={JSON.stringify(result)} flash={{ id: "tom", kind: "error", message: refused }} /> : null}
      </Stack>
    </Card>
  );
}
