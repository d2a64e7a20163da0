import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/ui/FormAlert";
import { answerFor, fieldError, formError, useSchemaForm, type FormAnswer } from "~/ui/form/use-schema-form";
import type { productsLoader } from "../credits-page.server";
import type { OrderSchema } from "../credits-schema";
import { useNumber } from "./format";
import { PendingOrder } from "./Orders";

type Data = Awaited<ReturnType<typeof productsLoader>>;

const ACTION = "/credits/products";

/** Why no order can be placed now, if so: a pending order, or incomplete company details (spec 02 §5). */
function Blocker({ pending, companyComplete }: { pending: boolean; companyComplete: boolean }) {
  const { t } = useTranslation();
  if (pending)
    return (
      <Alert color="yellow" data-testid="pending-notice">
        {t("credits.errors.pendingExists")}
      </Alert>
    );
  if (!companyComplete)
    return (
      <Alert color="yellow" data-testid="company-incomplete">
        <Stack gap={4}>
          <Text size="sm">{t("credits.products.companyIncomplete")}</Text>
          <Anchor component={Link} to="/settings/organization" size="sm" data-testid="company-link">
            {t("credits.products.companyLink")}
          </Anchor>
        </Stack>
      </Alert>
    );
  return null;
}

function Packages({ data, blocked }: { data: Data; blocked: boolean }) {
  const { t } = useTranslation();
  const format = useNumber();
  const navigation = useNavigation();
  const answer = answerFor(useActionData<FormAnswer>(), "package");
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "package" ? navigation.formData.get("package") : null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="packages-title">
      <Title order={2} size="h3" id="packages-title">
        {t("credits.products.title")}
      </Title>
      <FormAlert error={formError(answer)} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {data.packages.map((pack) => {
          const name = t(`credits.packages.${pack.key}`);
          return (
            <Paper key={pack.key} withBorder p="md" radius="md" data-testid={`package-${pack.key}`}>
              <Form method="post" action={ACTION}>
                <input type="hidden" name="intent" value="package" />
                <input type="hidden" name="package" value={pack.key} />
                <Stack gap="xs">
                  <Title order={3} size="h4">
                    {name}
                  </Title>
                  <Text fw={700} size="lg">
                    {t("credits.products.credits", { amount: format(pack.credits) })}
                  </Text>
                  <Text size="sm">{t("credits.products.validity")}</Text>
                  <Button type="submit" disabled={blocked} loading={submitting === pack.key} aria-label={t("credits.products.orderPackage", { name })} data-testid={`order-${pack.key}`}>
                    {t("credits.products.order")}
                  </Button>
                </Stack>
              </Form>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

/** The free amount: spec 02 §5 "Please enter an amount", "Minimum amount is 10 credits". */
function FreeAmount({ blocked }: { blocked: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const answer = answerFor(useActionData<FormAnswer>(), "order");
  const [form, fields] = useSchemaForm<typeof OrderSchema>(answer, { id: "credit-order" });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "order";
  return (
    <Stack gap="sm" component="section" aria-labelledby="free-amount-title">
      <Title order={2} size="h3" id="free-amount-title">
        {t("credits.products.freeTitle")}
      </Title>
      <Form method="post" action={ACTION} id={form.id} onSubmit={form.onSubmit} noValidate data-testid="order-form">
        <input type="hidden" name="intent" value="order" />
        <Stack gap="sm" maw={420}>
          <FormAlert error={formError(answer)} />
          <TextInput
            key={fields.amount.key}
            name={fields.amount.name}
            type="number"
            inputMode="numeric"
            min={10}
            step={1}
            label={t("credits.products.amount")}
            description={t("credits.products.amountHint")}
            defaultValue={fields.amount.initialValue == null ? "" : String(fields.amount.initialValue)}
            error={fieldError(t, fields.amount.errors)}
            data-testid="order-amount"
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={blocked} loading={busy} data-testid="order-submit">
              {t("credits.products.order")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}

/** /credits/products — the packages and a free amount; one pending order at a time (admin guard). */
export function ProductsPanel({ data }: { data: Data }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const blocked = Boolean(data.pending) || !data.companyComplete;
  const cancelling = navigation.state === "submitting" && navigation.formData?.get("intent") === "cancel";
  return (
    <Stack gap="lg" maw={1024} data-testid="products-page">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Title order={1}>{t("credits.products.title")}</Title>
        <Button component={Link} to="/credits" variant="default">
          {t("credits.products.back")}
        </Button>
      </Group>
      <Text size="sm">{t("credits.products.intro")}</Text>
      <Blocker pending={Boolean(data.pending)} companyComplete={data.companyComplete} />
      <PendingOrder order={data.pending} error={data.pendingError}>
        {data.pending ? (
          <Form method="post" action={ACTION}>
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="orderId" value={data.pending.id} />
            <Button type="submit" variant="default" color="red" loading={cancelling} data-testid="cancel-order">
              {t("credits.orders.cancel")}
            </Button>
          </Form>
        ) : null}
      </PendingOrder>
      <Packages data={data} blocked={blocked} />
      <FreeAmount blocked={blocked} />
    </Stack>
  );
}
