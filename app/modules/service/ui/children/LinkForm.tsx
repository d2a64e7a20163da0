import { Button, Group, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { translateError } from "~/ui/forms";
import { ChildForm } from "./ChildForm";
import type { ChildActionData } from "../../children-types";

/** Adds a link (an http or https address). */
export function LinkForm({ serviceId, updatedAt, failed }: { serviceId: number; updatedAt: string; failed?: ChildActionData | null }) {
  const { t } = useTranslation();
  return (
    <ChildForm serviceId={serviceId} updatedAt={updatedAt} intent="addLink" label={t("servicechildren.links.add")} failed={failed}>
      {({ errors, values, busy }) => (
        <Group align="flex-end">
          <TextInput
            name="url"
            type="url"
            label={t("servicechildren.links.url")}
            placeholder="https://"
            required
            maxLength={2000}
            defaultValue={values?.url ?? ""}
            error={translateError(t, errors.url)}
            style={{ flex: 1, minWidth: 240 }}
          />
          <Button type="submit" loading={busy}>
            {t("servicechildren.links.addSubmit")}
          </Button>
        </Group>
      )}
    </ChildForm>
  );
}
