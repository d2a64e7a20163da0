import { Paper, Stack } from "@mantine/core";
import { Outlet } from "@remix-run/react";
import { LanguageSwitch } from "~/ui/shell/LanguageSwitch";

/** The bare layout of spec 01 §2 for login-type pages. */
export default function AuthLayout() {
  return (
    <main id="main" className="bare-page">
      <Paper shadow="md" p="xl" radius="md" withBorder w="100%" maw={420}>
        <Stack gap="md">
          <LanguageSwitch />
          <Outlet />
        </Stack>
      </Paper>
    </main>
  );
}
