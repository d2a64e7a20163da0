import type { ModalProps } from "@mantine/core";
import { lazy, Suspense, useState } from "react";

// Mantine's Modal brings its focus trap, scroll lock, scroll area and floating-ui helpers (~30 KB
// gzip); the shell's dialogs are on every signed-in page but rarely opened (decision 0066).
const Modal = lazy(() => import("./OpenedModal"));

/**
 * Mantine's Modal, loaded when it first opens and kept mounted after that (so it closes with its
 * transition and returns the focus as before). Closed and never opened, it renders nothing.
 */
export function LazyModal(props: ModalProps) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
