import { Anchor, Code, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { GUIDE_PATH } from "~/modules/documentation/guide";
import type { AiStatus } from "../ai";

/** The guide chapter that explains the provider's settings. */
export const AI_GUIDE_PATH = `${GUIDE_PATH}/ai-assistant`;

/** Setting names (AI_BASE_URL …) in a text, set as code: they are typed, never translated. */
export function withSettingNames(text: string) {
  return text.split(/(AI_[A-Z_]+)/).map((part, index) =>
    index % 2 ? (
      <Code key={index} translate="no">
        {part}
      </Code>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

/**
 * Why the assistant cannot be used, as one calm line with the next step instead of a form that
 * cannot work (issue 32 §5). Not configured: admins (the admin guard) read which settings and
 * where the guide explains them; everyone else to ask an administrator. Switched off or out of
 * credits: the credits page says more.
 */
export function AiUnavailable({ reason, admin }: { reason: NonNullable<AiStatus["reason"]>; admin: boolean }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c={reason === "exhausted" ? "orange.9" : undefined} data-testid="ai-blocked" data-reason={reason}>
      {t(`ai.errors.${reason}`)}{" "}
      {reason === "notConfigured" ? (
        admin ? (
          <>
            {withSettingNames(t("ai.setup.admin"))}{" "}
            <Anchor component={Link} to={AI_GUIDE_PATH} size="sm" data-testid="ai-setup-guide">
              {t("ai.setup.guideLink")}
            </Anchor>
          </>
        ) : (
          t("ai.setup.ask")
        )
      ) : (
        <Anchor component={Link} to="/credits" size="sm">
          {t("ai.creditsLink")}
        </Anchor>
      )}
    </Text>
  );
}
