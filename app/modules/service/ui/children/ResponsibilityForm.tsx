import { Button, Checkbox, Group, Textarea } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { translateError } from "~/ui/forms";
import { ChildForm } from "./ChildForm";
import type { ChildActionData, ResponsibilityItem } from "../../children-types";

const checked = (raw: string | undefined, fallback: boolean | undefined) => (raw !== undefined ? raw !== "" : Boolean(fallback));

/** Add (no `responsibility`) or edit a responsibility: the task, and whether the client and/or IT does it. */
export function ResponsibilityForm({
  serviceId,
  updatedAt,
  responsibility,
  failed,
}: {
  serviceId: number;
  updatedAt: string;
  responsibility?: ResponsibilityItem;
  failed?: ChildActionData | null;
}) {
  // An edit form shown again on the no-JS answer page has only the refusal, not the stored child.
  const editing = Boolean(responsibility) || failed?.intent === "updateResponsibility";
  const { t } = useTranslation();
  const label = responsibility
    ? t("servicechildren.responsibilities.editNamed", { name: responsibility.description ?? "" })
    : t(editing ? "servicechildren.responsibilities.edit" : "servicechildren.responsibilities.add");
  return (
    <ChildForm
      serviceId={serviceId}
      updatedAt={updatedAt}
      intent={editing ? "updateResponsibility" : "addResponsibility"}
      itemId={responsibility?.id ?? (editing ? (failed?.itemId ?? undefined) : undefined)}
      label={label}
      failed={failed}
      resetKey={responsibility ? JSON.stringify(responsibility) : undefined}
    >
      {({ errors, values, busy }) => (
        <>
          <Textarea
            name="description"
            label={t("servicechildren.responsibilities.description")}
            required
            autosize
            minRows={2}
            defaultValue={values?.description ?? responsibility?.description ?? ""}
            error={translateError(t, errors.description)}
          />
          <Group>
            {/* Without a value the browser sends "on" when checked; the refused form shows what was sent. */}
            <Checkbox
              name="client"
              label={t("servicechildren.responsibilities.client")}
              defaultChecked={values ? checked(values.client, false) : Boolean(responsibility?.client)}
            />
            <Checkbox name="it" label={t("servicechildren.responsibilities.it")} defaultChecked={values ? checked(values.it, false) : Boolean(responsibility?.it)} />
          </Group>
          <Group>
            <Button type="submit" loading={busy}>
              {editing ? t("servicechildren.save") : t("servicechildren.responsibilities.addSubmit")}
            </Button>
          </Group>
        </>
      )}
    </ChildForm>
  );
}
