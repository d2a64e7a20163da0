import { ActionIcon, Button, Group, NativeSelect } from "@mantine/core";
import { Form } from "@remix-run/react";
import { IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import classes from "./catalogue.module.css";

/**
 * Keyboard and no-JS alternatives to drag and drop: move up, move down, move to another
 * category. Each is a plain form post to the browser's `move` intent.
 */
export function ServiceMoveControls({
  serviceId,
  serviceName,
  categoryId,
  index,
  count,
  categories,
}: {
  serviceId: number;
  serviceName: string;
  categoryId: number;
  index: number;
  count: number;
  categories: { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  const hidden = (
    <>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="service" value={serviceId} />
    </>
  );
  return (
    <Group gap={4} wrap="nowrap" className={classes.moveControls}>
      <Form method="post" preventScrollReset>
        {hidden}
        <input type="hidden" name="category" value={categoryId} />
        <input type="hidden" name="index" value={Math.max(0, index - 1)} />
        <ActionIcon type="submit" variant="subtle" size="sm" disabled={index === 0} aria-label={`${t("catalogue.move.up")}: ${serviceName}`}>
          <IconArrowUp size={14} aria-hidden />
        </ActionIcon>
      </Form>
      <Form method="post" preventScrollReset>
        {hidden}
        <input type="hidden" name="category" value={categoryId} />
        <input type="hidden" name="index" value={index + 1} />
        <ActionIcon type="submit" variant="subtle" size="sm" disabled={index >= count - 1} aria-label={`${t("catalogue.move.down")}: ${serviceName}`}>
          <IconArrowDown size={14} aria-hidden />
        </ActionIcon>
      </Form>
      <details className={classes.moveTo}>
        <summary aria-label={`${t("catalogue.move.to")} ${serviceName}`}>{t("catalogue.move.to")}</summary>
        <Form method="post" preventScrollReset>
          {hidden}
          <input type="hidden" name="index" value="0" />
          <Group gap={4} align="flex-end" wrap="nowrap">
            <NativeSelect
              name="category"
              size="xs"
              label={t("catalogue.move.toLabel")}
              defaultValue={String(categoryId)}
              data={categories.map((c) => ({ value: String(c.id), label: c.name }))}
            />
            <Button type="submit" size="xs" variant="light">
              {t("catalogue.move.submit")}
            </Button>
          </Group>
        </Form>
      </details>
    </Group>
  );
}
