import { Stack, Text, Title } from "@mantine/core";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";
import type { shareContentsLoader, shareFrameLoader, shareServiceLoader } from "../share-page.server";
import { ReleaseFrameView } from "./ReleaseFramePage";
import { ReleaseContents } from "./ReleaseContentsPage";
import { ReleaseServiceView } from "./ReleaseServicePage";

/**
 * The pages a share link opens (issue 35 §7): no app shell, no way into the app, read-only; sent
 * without scripts (decision 0067) — a visitor reads, and every link is a plain one.
 */

const shareBase = (token: string) => `/share/${token}`;

/** /share/:token/* — the frame: who is reading what, and the language (the shell's switch, handed in by the route). */
export function ShareLayout({ languageSwitch }: { languageSwitch: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main id="main" style={{ maxWidth: 1100, margin: "0 auto", padding: "var(--mantine-spacing-md)" }}>
      <Stack gap="md">
        <Stack gap={4} align="flex-end">
          {languageSwitch}
        </Stack>
        <Text size="sm" c="dimmed" data-testid="share-read-only">
          {t("releaseshare.readOnly")}
        </Text>
        <Outlet />
      </Stack>
    </main>
  );
}

/** A link that is revoked, expired, unknown, or asked too often: said plainly, in the visitor's language. */
export function ShareError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const key = status === 410 ? "gone" : status === 429 ? "tooMany" : "unknown";
  return (
    <main id="main" style={{ maxWidth: 640, margin: "0 auto", padding: "var(--mantine-spacing-xl)" }}>
      <Stack gap="sm" data-testid={`share-${key}`}>
        <Title order={1}>{t(`releaseshare.${key}.title`)}</Title>
        <Text>{t(`releaseshare.${key}.text`)}</Text>
      </Stack>
    </main>
  );
}

/** /share/:token — the release's contents. */
export function ShareContentsPage() {
  const { token, ...data } = useLoaderData<typeof shareContentsLoader>();
  return <ReleaseContents {...data} base={shareBase(token)} />;
}

/** /share/:token/service/:serviceId — one service of the release. */
export function ShareServicePage() {
  const { token, release, page } = useLoaderData<typeof shareServiceLoader>();
  return <ReleaseServiceView release={release} page={page} base={shareBase(token)} />;
}

/** /share/:token/frame — the shared release's cover sheet. */
export function ShareFramePage() {
  return <ReleaseFrameView data={useLoaderData<typeof shareFrameLoader>()} />;
}
