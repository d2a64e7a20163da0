import { Input, Textarea } from "@mantine/core";
import { Suspense, lazy, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MARKUP_FIELD, htmlToMarkup, isLightMarkupHtml, markupOrHtml } from "~/lib/light-markup";

const Editor = lazy(() => import("./RichTextEditor.client"));

/**
 * A rich-text form field. Without JS (and until the editor has loaded) it is a textarea holding
 * light markup (blank line = paragraph, "- " = list item) or, for richer text, the HTML, so the
 * form always posts a value under `name`; the server makes it HTML and sanitises it on save.
 * With JS the textarea is replaced by the editor, whose code loads only here — and only once the
 * field is on screen: a service page holds a closed edit form per section, and mounting an editor
 * for each at load blocked the main thread for over half a second on a phone (Lighthouse TBT).
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
  // The editor's starting HTML once it replaces the textarea (what was typed there meanwhile), else null.
  const [enhanced, setEnhanced] = useState<string | null>(null);
  // Typed into the textarea that stands in while the editor's code loads, and whether it had the
  // focus: the editor starts from that text, with the focus, so nothing typed meanwhile is lost.
  const [waiting, setWaiting] = useState<{ typed: string | null; focused: boolean }>({ typed: null, focused: false });
  const labelId = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // What was typed into the textarea meanwhile; light markup becomes the editor's HTML.
    const enhance = () => {
      const typed = element.querySelector("textarea")?.value;
      if (typed === undefined) return setEnhanced(defaultValue ?? "");
      setEnhanced(markupOrHtml(typed));
    };
    if (typeof IntersectionObserver === "undefined") return enhance();
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      enhance();
    });
    observer.observe(element);
    return () => observer.disconnect();
    // Only the first render's field is observed; a new defaultValue comes with a new key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Without JS: a textarea tall enough to work in, saying what formatting it takes. HTML that says
  // no more than paragraphs and bullets is shown as light markup; richer HTML stays HTML, so saving
  // loses nothing. Either posts MARKUP_FIELD: the server keeps text holding tags as HTML and makes
  // light markup HTML (markupOrHtml).
  // `track`: the stand-in inside the editor's wrapper while its code loads — the wrapper shows the
  // label and the error, so the textarea repeats neither (twice on screen while it loaded).
  const fallback = (value: string, track = false) => {
    const light = isLightMarkupHtml(value);
    return (
      <>
        <input type="hidden" name={MARKUP_FIELD} value={name} />
        <Textarea
          name={name}
          label={track ? undefined : label}
          aria-labelledby={track ? labelId : undefined}
          description={t(light ? "service.editor.markupHint" : "service.editor.plainHint")}
          defaultValue={light ? htmlToMarkup(value) : value}
          error={track ? undefined : error}
          rows={12}
          {...(track && {
            onChange: (event: React.ChangeEvent<HTMLTextAreaElement>) => setWaiting({ typed: event.currentTarget.value, focused: true }),
            onFocus: () => setWaiting((w) => ({ ...w, focused: true })),
            onBlur: () => setWaiting((w) => ({ ...w, focused: false })),
          })}
        />
      </>
    );
  };
  if (enhanced === null) return <div ref={box}>{fallback(defaultValue ?? "")}</div>;
  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }} error={error}>
      <Suspense fallback={fallback(enhanced, true)}>
        <Editor name={name} defaultValue={waiting.typed === null ? enhanced : markupOrHtml(waiting.typed)} labelId={labelId} colours={colours} autoFocus={waiting.focused} />
      </Suspense>
    </Input.Wrapper>
  );
}
