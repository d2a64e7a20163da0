import "@mantine/tiptap/styles.css";
import { RichTextEditor } from "@mantine/tiptap";
import { useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { IconHighlight, IconHighlightOff } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextColour } from "./tiptap-colour";

const SWATCHES = ["#1a1b1e", "#c92a2a", "#e67700", "#2b8a3e", "#1864ab", "#862e9c"];
const BACKGROUND = "#fff3bf";

/**
 * The rich-text editor with the spec's toolbar (bold, italic, underline, ordered and bullet
 * lists, text colour, background). Loaded lazily by RichTextField, so only pages that edit rich
 * text download it. The HTML travels in a hidden input under the field's name.
 */
export default function RichTextEditorField({
  name,
  defaultValue,
  labelId,
  colours = true,
  autoFocus = false,
}: {
  name: string;
  defaultValue: string;
  labelId: string;
  colours?: boolean;
  /** Take the focus (at the end of the text): the textarea it replaces had it. */
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [html, setHtml] = useState(defaultValue);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: false, codeBlock: false, code: false, blockquote: false, horizontalRule: false, strike: false }),
      TextColour,
    ],
    content: defaultValue,
    autofocus: autoFocus ? "end" : false,
    immediatelyRender: false,
    onUpdate: ({ editor: e }) => setHtml(e.isEmpty ? "" : e.getHTML()),
    editorProps: { attributes: { "aria-labelledby": labelId, role: "textbox", "aria-multiline": "true" } },
  });
  // Mantine's toolbar speaks English unless told otherwise: every label in the reader's language.
  const labels = {
    boldControlLabel: t("service.editor.bold"),
    italicControlLabel: t("service.editor.italic"),
    underlineControlLabel: t("service.editor.underline"),
    orderedListControlLabel: t("service.editor.orderedList"),
    bulletListControlLabel: t("service.editor.bulletList"),
    colorPickerControlLabel: t("service.editor.colour"),
    unsetColorControlLabel: t("service.editor.unsetColour"),
    colorControlLabel: (color: string) => t("service.editor.colourValue", { color }),
    colorPickerColorLabel: (color: string) => t("service.editor.colourValue", { color }),
    colorPickerCancel: t("service.editor.cancel"),
    colorPickerClear: t("service.editor.clear"),
    colorPickerColorPicker: t("service.editor.picker"),
    colorPickerPalette: t("service.editor.palette"),
    colorPickerSave: t("service.editor.save"),
  };
  return (
    <>
      <input type="hidden" name={name} value={html} />
      <RichTextEditor editor={editor} labels={labels} data-testid={`editor-${name}`}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.OrderedList />
            <RichTextEditor.BulletList />
          </RichTextEditor.ControlsGroup>
          {colours ? (
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.ColorPicker colors={SWATCHES} />
              <RichTextEditor.UnsetColor />
              <RichTextEditor.Control onClick={() => editor?.chain().focus().setBackground(BACKGROUND).run()} aria-label={t("service.editor.background")} title={t("service.editor.background")}>
                <IconHighlight size={16} aria-hidden />
              </RichTextEditor.Control>
              <RichTextEditor.Control onClick={() => editor?.chain().focus().unsetBackground().run()} aria-label={t("service.editor.removeBackground")} title={t("service.editor.removeBackground")}>
                <IconHighlightOff size={16} aria-hidden />
              </RichTextEditor.Control>
            </RichTextEditor.ControlsGroup>
          ) : null}
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </>
  );
}
