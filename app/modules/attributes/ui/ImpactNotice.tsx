import { Alert, Button, List, Stack, Text } from "@mantine/core";

import { useTranslation } from "react-i18next";
import { slotNumber } from "../attributes-limits";
import type { AttributeImpact } from "../attributes-schema";
import { AffectedServices } from "~/ui/AffectedServices";

/**
 * The answer to a change that affects stored values: what happens to which slot's choices, the
 * services concerned (linked, at most 20 and a count), and a second submit that confirms exactly
 * this change (its fingerprint travels as `confirm`; without JS too).
 */
export function ImpactNotice({ impact, busy }: { impact: AttributeImpact; busy: boolean }) {
  const { t } = useTranslation();
  const typeName = (type: string) => t(`attributes.types.${type}`);
  return (
    <Alert color="orange" title={t("attributes.confirm.title")} data-testid="attribute-impact">
      <Stack gap="xs">
        <Text size="sm">{t("attributes.confirm.needed")}</Text>
        <List size="sm" data-testid="impact-changes">
          {impact.typeChange ? (
            <List.Item>{t("attributes.confirm.typeChange", { from: typeName(impact.typeChange.from), to: typeName(impact.typeChange.to), count: impact.typeChange.count })}</List.Item>
          ) : null}
          {impact.removed.map((r) => (
            <List.Item key={`removed-${r.word}`}>{t("attributes.confirm.removed", { n: slotNumber(r.word), value: r.value ?? "", count: r.count })}</List.Item>
          ))}
          {impact.deactivated.map((d) => (
            <List.Item key={`off-${d.word}`}>{t("attributes.confirm.deactivated", { n: slotNumber(d.word), value: d.value ?? "", count: d.count })}</List.Item>
          ))}
        </List>
        <Text size="sm" fw={500}>
          {t("attributes.confirm.services", { count: impact.total })}
        </Text>
        <AffectedServices items={impact.services} total={impact.total} more={(count) => t("attributes.confirm.more", { count })} testId="impact-services" />
        <div>
          <Button type="submit" name="confirm" value={impact.fingerprint} color="orange" loading={busy} data-testid="confirm-attribute-change">
            {t("attributes.confirm.submit")}
          </Button>
        </div>
      </Stack>
    </Alert>
  );
}
