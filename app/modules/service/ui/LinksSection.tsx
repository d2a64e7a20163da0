import { Anchor, Group, List } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LinkForm } from "./children/LinkForm";
import { RowControls } from "./children/RowControls";
import { Disclosure, EmptyNote, SectionShell, type ChildSectionProps } from "./children/SectionShell";
import type { LinkItem } from "../children-types";

/** The service's links (web addresses), in their order; editors add, reorder and remove them. */
export function LinksSection({
  serviceId,
  updatedAt,
  canEdit,
  title,
  data,
}: ChildSectionProps<LinkItem[]>) {
  const { t } = useTranslation();
  return (
    <SectionShell id="links" title={title}>
      <>
        {data.length === 0 ? (
          <EmptyNote>{t("servicechildren.links.empty")}</EmptyNote>
        ) : (
          <List spacing="xs" listStyleType={canEdit ? "none" : undefined} data-testid="links-list">
            {data.map((link, index) => (
              <List.Item key={link.id}>
                <Group gap="sm" wrap="nowrap">
                  {canEdit ? (
                    <RowControls
                      serviceId={serviceId}
                      updatedAt={updatedAt}
                      itemId={link.id}
                      name={link.url}
                      index={index}
                      count={data.length}
                      moveIntent="moveLink"
                      removeIntent="removeLink"
                    />
                  ) : null}
                  <Anchor href={link.url} target="_blank" rel="noopener noreferrer" style={{ wordBreak: "break-all" }}>
                    {link.url}
                  </Anchor>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        {canEdit ? (
          <Disclosure summary={t("servicechildren.links.add")} testId="add-link" editKey="link-new" section="links">
            <LinkForm serviceId={serviceId} updatedAt={updatedAt} />
          </Disclosure>
        ) : null}
      </>
    </SectionShell>
  );
}
