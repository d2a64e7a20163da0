import { Button, Paper, Stack, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * An empty list that says what to do next: what is (not) here, why or how it fills, and the one
 * action that fills it — only where the reader's role allows it (the caller decides).
 */
export function EmptyState({
  message,
  hint,
  action,
  testId,
}: {
  message: string;
  hint?: string;
  action?: { label: string; to: string; icon?: ReactNode } | null;
  testId?: string;
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Stack gap={6} align="flex-start">
        <Text fw={600}>{message}</Text>
        {hint ? <Text size="sm">{hint}</Text> : null}
        {action ? (
          <Button component={Link} to={action.to} size="sm" leftSection={action.icon} mt={4} data-testid={testId ? `${testId}-action` : undefined}>
            {action.label}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
