import { Mark, mergeAttributes } from "@tiptap/core";

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    textColour: {
      setColor: (color: string) => ReturnType;
      unsetColor: () => ReturnType;
      setBackground: (color: string) => ReturnType;
      unsetBackground: () => ReturnType;
    };
  }
}

const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\))$/i;
const clean = (value: string | null | undefined) => (value && COLOUR.test(value.trim()) ? value.trim() : null);

/**
 * Text colour and background as one `<span style>` mark — the spec's toolbar (01 §9).
 * @tiptap/extension-text-style is not published for tiptap 3.34 (its last release pins
 * @tiptap/core 3.32.2 exactly), so this uses tiptap's own Mark API. Only hex/rgb values pass,
 * the same ones the server's sanitiser keeps.
 */
export const TextColour = Mark.create({
  name: "textColour",
  addAttributes() {
    return {
      color: {
        default: null,
        parseHTML: (el) => clean(el.style.color),
        renderHTML: (attrs) => (attrs.color ? { style: `color: ${attrs.color}` } : {}),
      },
      background: {
        default: null,
        parseHTML: (el) => clean(el.style.backgroundColor),
        renderHTML: (attrs) => (attrs.background ? { style: `background-color: ${attrs.background}` } : {}),
      },
    };
  },
  parseHTML() {
    return [{ tag: "span", getAttrs: (el) => ((el as HTMLElement).style.color || (el as HTMLElement).style.backgroundColor ? {} : false) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ["span", mergeAttributes(HTMLAttributes), 0];
  },
  addCommands() {
    return {
      setColor:
        (color) =>
        ({ chain }) =>
          chain().setMark(this.name, { color: clean(color) }).run(),
      unsetColor:
        () =>
        ({ editor, chain }) => {
          const { background } = editor.getAttributes(this.name);
          return background ? chain().setMark(this.name, { color: null }).run() : chain().unsetMark(this.name).run();
        },
      setBackground:
        (color) =>
        ({ chain }) =>
          chain().setMark(this.name, { background: clean(color) }).run(),
      unsetBackground:
        () =>
        ({ editor, chain }) => {
          const { color } = editor.getAttributes(this.name);
          return color ? chain().setMark(this.name, { background: null }).run() : chain().unsetMark(this.name).run();
        },
    };
  },
});
