import { NativeSelect } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { translateError } from "~/ui/forms";
import type { CategoryChoiceGroup } from "~/modules/service/service-lifecycle.server";

/**
 * A category picker that works without JS: a native select with one option group per catalogue;
 * a category inside an area reads "Area › Category".
 */
export function CategorySelect({
  groups,
  label,
  defaultValue,
  error,
}: {
  groups: CategoryChoiceGroup[];
  label: string;
  defaultValue: string;
  error?: string;
}) {
  const { t } = useTranslation();
  const data = [
    { value: "", label: t("lifecycle.chooseCategory") },
    ...groups.map((g) => ({
      group: catalogueTitle(t, g.catalogue),
      items: g.categories.map((c) => ({ value: String(c.id), label: c.areaName ? `${c.areaName} › ${c.name}` : c.name })),
    })),
  ];
  return (
    <NativeSelect
      name="categoryId"
      label={label}
      required
      data={data}
      defaultValue={defaultValue}
      error={translateError(t, error)}
      data-testid="category-select"
    />
  );
}
