import { Table, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ResponsibilityForm } from "./children/ResponsibilityForm";
import { RowControls } from "./children/RowControls";
import { Disclosure, EmptyNote, SectionShell, type ChildSectionProps } from "./children/SectionShell";
import type { ResponsibilityItem } from "../children-types";
import { TableBox } from "~/ui/TableBox";

/** A check mark for "does it"; nothing visible otherwise. Both read out to screen readers. */
function Mark({ on, who }: { on: boolean; who: string }) {
  const { t } = useTranslation();
  const text = t(on ? "servicechildren.responsibilities.does" : "servicechildren.responsibilities.doesNot", { who });
  return on ? (
    <span role="img" aria-label={text} title={text}>
      ✓
    </span>
  ) : (
    <VisuallyHidden>{text}</VisuallyHidden>
  );
}

/** Who does what (Verantwortlichkeiten): a table of tasks with check marks for the client (Kunde) and IT. */
export function ResponsibilitiesSection({
  serviceId,
  updatedAt,
  canEdit,
  title,
  data,
}: ChildSectionProps<ResponsibilityItem[]>) {
  const { t } = useTranslation();
  const client = t("servicechildren.responsibilities.client");
  const it = t("servicechildren.responsibilities.it");
  return (
    <SectionShell id="responsibilities" title={title}>
      <>
        {data.length === 0 ? (
          <EmptyNote>{t("servicechildren.responsibilities.empty")}</EmptyNote>
        ) : (
          <TableBox minWidth={480}>
            <Table striped withTableBorder verticalSpacing="xs" data-testid="responsibilities-table" data-row-actions={canEdit || undefined}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("servicechildren.responsibilities.description")}</Table.Th>
                  <Table.Th scope="col" ta="center" w={90}>
                    {client}
                  </Table.Th>
                  <Table.Th scope="col" ta="center" w={90}>
                    {it}
                  </Table.Th>
                  {canEdit ? (
                    // Room for the opened editor, but on a phone the pinned column leaves the task in view.
                    <Table.Th scope="col" w="min(360px, 40vw)">
                      {t("servicechildren.actions")}
                    </Table.Th>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((r, index) => (
                  <Table.Tr key={r.id}>
                    <Table.Td style={{ whiteSpace: "pre-line" }}>{r.description}</Table.Td>
                    <Table.Td ta="center">
                      <Mark on={r.client} who={client} />
                    </Table.Td>
                    <Table.Td ta="center">
                      <Mark on={r.it} who={it} />
                    </Table.Td>
                    {canEdit ? (
                      <Table.Td>
                        <RowControls
                          serviceId={serviceId}
                          updatedAt={updatedAt}
                          itemId={r.id}
                          name={r.description ?? ""}
                          index={index}
                          count={data.length}
                          moveIntent="moveResponsibility"
                          removeIntent="removeResponsibility"
                        />
                        <Disclosure summary={t("servicechildren.responsibilities.edit")} editKey={`responsibility-${r.id}`} section="responsibilities">
                          <ResponsibilityForm serviceId={serviceId} updatedAt={updatedAt} responsibility={r} />
                        </Disclosure>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableBox>
        )}
        {canEdit ? (
          <Disclosure summary={t("servicechildren.responsibilities.add")} testId="add-responsibility" editKey="responsibility-new" section="responsibilities">
            <ResponsibilityForm serviceId={serviceId} updatedAt={updatedAt} />
          </Disclosure>
        ) : null}
      </>
    </SectionShell>
  );
}
