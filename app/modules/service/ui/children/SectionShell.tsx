import { Card, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { EditDisclosure } from "~/ui/EditDisclosure";
import classes from "../service.module.css";
import type { ChildSection } from "../../children-types";

/** What the service page hands each children section: the service, whether the reader edits, the heading and the rows. */
export type ChildSectionProps<Data> = { serviceId: number; updatedAt: string; canEdit: boolean; title: string; data: Data };

/**
 * The frame of one children section, like the service page's other sections: a card with an
 * anchor (the page's jump links and the redirects after a save) and its heading.
 */
export function SectionShell({ id, title, children }: { id: ChildSection; title: string; children: ReactNode }) {
  return (
    <Card withBorder component="section" id={id} aria-labelledby={`${id}-title`} className={classes.section} data-testid={`section-${id}`}>
      <Title order={2} size="h3" id={`${id}-title`} mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}

/** A disclosure holding a form, hydrated when first opened; without JS a link to the page with it open (`editKey`). */
export function Disclosure({
  summary,
  children,
  testId,
  editKey,
  section,
}: {
  summary: string;
  children: ReactNode;
  testId?: string;
  editKey: string;
  section: ChildSection;
}) {
  return (
    <EditDisclosure className={classes.edit} bodyClassName={classes.editBody} testId={testId} summary={summary} editKey={editKey} anchor={section}>
      {children}
    </EditDisclosure>
  );
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return <Text c="dimmed">{children}</Text>;
}
