import { Input, Textarea } from "@mantine/core";
import { Suspense, lazy, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";

const Editor = lazy(() => import("./RichTextEditor.client"));

/**
 * A rich-text form field. Without JS (and until the editor has loaded) it is a textarea holding
 * the HTML, so the form always posts a value under `name`; the server sanitises it on save.
 * With JS the textarea is replaced by the editor, whose code loads only here.
 */
export function RichTextField({
  name,
  label,
  defaultValue,
  error,
  colours = true,
}: {
  name: string;
  label: string;
  defaultValue?: string | null;
  error?: string;
  /** Text colour and background in the toolbar (the support form offers only the five basic controls). */
  colours?: boolean;
}) {
  const { t } = useTranslation();
  const [enhanced, setEnhanced] = useState(false);
  const labelId = useId();
  useEffect(() => setEnhanced(true), []);
  // Without JS: a textarea tall enough to work in, saying what formatting it takes.
  const fallback = (
    <Textarea name={name} label={label} description={t("service.editor.plainHint")} defaultValue={defaultValue ?? ""} error={error} rows={12} />
  );
  if (!enhanced) return fallback;
  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }} error={error}>
      <Suspense fallback={fallback}>
        <Editor name={name} defaultValue={defaultValue ?? ""} labelId={labelId} colours={colours} />
      </Suspense>
    </Input.Wrapper>
  );
}
