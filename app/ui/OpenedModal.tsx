import { Modal, type ModalProps } from "@mantine/core";
import { useEffect, useState } from "react";

/**
 * Mantine's Modal for LazyModal. It mounts closed and opens a render later: Mantine notes the
 * element to give the focus back to only when `opened` changes, not when it mounts opened.
 */
export default function OpenedModal({ opened, ...props }: ModalProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <Modal opened={opened && mounted} {...props} />;
}
