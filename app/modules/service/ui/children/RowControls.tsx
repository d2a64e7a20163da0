import { ActionIcon, Group } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ChildForm } from "./ChildForm";
import type { ChildIntent } from "../../children-types";

/**
 * Up, down and remove for one child: three small forms (each works without JS). Up is disabled on
 * the first, down on the last row; the server ignores a move past either end anyway.
 */
export function RowControls({
  serviceId,
  updatedAt,
  itemId,
  name,
  index,
  count,
  moveIntent,
  removeIntent,
}: {
  serviceId: number;
  updatedAt: string;
  itemId: number;
  /** The child as the user knows it, for the buttons' accessible names. */
  name: string;
  index: number;
  count: number;
  moveIntent: ChildIntent;
  removeIntent: ChildIntent;
}) {
  const { t } = useTranslation();
  const move = (direction: "up" | "down") => {
    const label = t(direction === "up" ? "servicechildren.moveUp" : "servicechildren.moveDown", { name });
    const disabled = direction === "up" ? index === 0 : index === count - 1;
    return (
      <ChildForm serviceId={serviceId} updatedAt={updatedAt} intent={moveIntent} itemId={itemId} label={label} inline>
        {({ busy }) => (
          <>
            <input type="hidden" name="direction" value={direction} />
            <ActionIcon type="submit" variant="default" aria-label={label} title={label} disabled={disabled} loading={busy}>
              {direction === "up" ? <IconArrowUp size={16} aria-hidden /> : <IconArrowDown size={16} aria-hidden />}
            </ActionIcon>
          </>
        )}
      </ChildForm>
    );
  };
  const removeLabel = t("servicechildren.remove", { name });
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      {move("up")}
      {move("down")}
      <ChildForm serviceId={serviceId} updatedAt={updatedAt} intent={removeIntent} itemId={itemId} label={removeLabel} inline>
        {({ busy }) => (
          <ActionIcon type="submit" variant="light" color="red" aria-label={removeLabel} title={removeLabel} loading={busy}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        )}
      </ChildForm>
    </Group>
  );
}
