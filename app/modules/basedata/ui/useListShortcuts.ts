import { useEffect, useRef } from "react";

export interface ListShortcutHandlers {
  enabled: boolean;
  onNew: () => void;
  onSearch: () => void;
  onHelp: () => void;
  onMove: (delta: number) => void;
  onEdit: () => void;
  onDelete: () => void;
  /** The element whose focus means "the table": Enter edits only there, so links and buttons keep Enter. */
  gridRef: React.RefObject<HTMLElement | null>;
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && Boolean(target.closest("input, textarea, select, [contenteditable='true']"));
}

/**
 * The base-data keyboard map: n / Alt+N new row, / search, ? help, ↑/↓ select, Enter or e edit,
 * Delete delete. Letters never fire while the user types in a field.
 */
export function useListShortcuts(handlers: ListShortcutHandlers) {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const h = ref.current;
      if (!h.enabled || event.defaultPrevented) return;
      if (event.altKey && event.code === "KeyN") {
        event.preventDefault();
        h.onNew();
        return;
      }
      if (isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const onGrid = event.target === h.gridRef.current || event.target === document.body;
      switch (event.key) {
        case "n":
          event.preventDefault();
          h.onNew();
          break;
        case "/":
          event.preventDefault();
          h.onSearch();
          break;
        case "?":
          event.preventDefault();
          h.onHelp();
          break;
        case "ArrowDown":
        case "ArrowUp":
          if (!onGrid) return;
          event.preventDefault();
          h.onMove(event.key === "ArrowDown" ? 1 : -1);
          break;
        case "Enter":
          if (!onGrid) return;
          event.preventDefault();
          h.onEdit();
          break;
        case "e":
          event.preventDefault();
          h.onEdit();
          break;
        case "Delete":
          event.preventDefault();
          h.onDelete();
          break;
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}
