import { Input, Textarea } from "@mantine/core";
import { Suspense, lazy, useEffect, useId, useState } from "react";

const Editor = lazy(() => import("./RichTextEditor.client"));

/**
 * A rich-text form field. Without JS (and until the editor has loaded) it is a textarea holding
 * the HTML, so the form always posts a value under `name`; the server sanitises it on save.
 * With JS the textarea is replaced by the editor, whose code loads only here.
 */
export function RichTextField({ name, label, defaultValue, error }: { name: string; label: string; defaultValue?: string | null; error?: string }) {
  const [enhanced, setEnhanced] = useState(false);
  const labelId = useId();
  useEffect(() => setEnhanced(true), []);
  const fallback = <Textarea name={name} label={label} defaultValue={defaultValue ?? ""} error={error} autosize minRows={4} maxRows={16} />;
  if (!enhanced) return fallback;
  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }} error={error}>
      <Suspense fallback={fallback}>
        <Editor name={name} defaultValue={defaultValue ?? ""} labelId={labelId} />
      </Suspense>
    </Input.Wrapper>
  );
}
