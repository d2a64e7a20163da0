import { Anchor, List, Text } from "@mantine/core";
import { Link } from "@remix-run/react";

/**
 * The records a change would touch, as links, and "and N more" beyond those shown — the one list
 * every confirmation uses (deleting base data, an attribute, a structure node; reducing slots).
 */
export function AffectedServices({
  items,
  total,
  more,
  hrefOf = (item) => `/servicecatalog/service/${item.id}`,
  testId,
}: {
  items: { id: number; name: string }[];
  total: number;
  /** "… and {count} more", translated by the caller. */
  more: (count: number) => string;
  hrefOf?: (item: { id: number; name: string }) => string;
  testId?: string;
}) {
  return (
    <>
      <List size="sm" data-testid={testId}>
        {items.map((item) => (
          <List.Item key={item.id}>
            <Anchor component={Link} to={hrefOf(item)} size="sm">
              {item.name}
            </Anchor>
          </List.Item>
        ))}
      </List>
      {total > items.length ? (
        <Text size="sm" mt="xs">
          {more(total - items.length)}
        </Text>
      ) : null}
    </>
  );
}
