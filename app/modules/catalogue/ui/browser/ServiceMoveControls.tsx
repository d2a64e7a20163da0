import { Button, NativeSelect } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import classes from "./catalogue.module.css";

/**
 * Keyboard and no-JS alternatives to drag and drop: move up and down (one form, the pressed
 * button carries the new index) and "move to…", a link that opens the category form for this one
 * service (`moveHref`). The tree shows hundreds of these, so they are plain elements.
 */
export function ServiceMoveControls({
  serviceId,
  serviceName,
  categoryId,
  index,
  count,
  moveHref,
}: {
  serviceId: number;
  serviceName: string;
  categoryId: number;
  index: number;
  count: number;
  moveHref: string;
}) {
  const { t } = useTranslation();
  return (
    <span className={classes.moveControls}>
      <Form method="post" preventScrollReset className={classes.moveForm}>
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="service" value={serviceId} />
        <input type="hidden" name="category" value={categoryId} />
        <button type="submit" name="index" value={Math.max(0, index - 1)} className={classes.iconButton} disabled={index === 0} aria-label={`${t("catalogue.move.up")}: ${serviceName}`}>
          <span aria-hidden>↑</span>
        </button>
        <button type="submit" name="index" value={index + 1} className={classes.iconButton} disabled={index >= count - 1} aria-label={`${t("catalogue.move.down")}: ${serviceName}`}>
          <span aria-hidden>↓</span>
        </button>
      </Form>
      <a href={moveHref} data-keep-scroll className={classes.moveToLink} aria-label={`${t("catalogue.move.to")} ${serviceName}`} data-testid="move-to">
        {t("catalogue.move.to")}
      </a>
    </span>
  );
}

/** The "move to category" form of one tree service (opened through its link). */
export function ServiceMoveToForm({
  serviceId,
  categoryId,
  categories,
  cancelHref,
}: {
  serviceId: number;
  categoryId: number;
  categories: { id: number; name: string }[];
  cancelHref: string;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" preventScrollReset className={classes.moveToForm} data-testid="move-to-form">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="service" value={serviceId} />
      <input type="hidden" name="index" value="0" />
      <NativeSelect
        name="category"
        size="xs"
        label={t("catalogue.move.toLabel")}
        defaultValue={String(categoryId)}
        data={categories.map((c) => ({ value: String(c.id), label: c.name }))}
        autoFocus
      />
      <Button type="submit" size="xs" variant="light">
        {t("catalogue.move.submit")}
      </Button>
      <Button component={Link} to={cancelHref} preventScrollReset size="xs" variant="subtle">
        {t("app.cancel")}
      </Button>
    </Form>
  );
}
