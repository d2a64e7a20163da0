import { Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { EntryPlaceProvider } from "~/ui/entry-form";
import { SupportForm } from "./SupportForm";

/** /support — the support form as a page: what the top bar's button opens without JS. Sending or cancelling returns to `back`. */
export function SupportPage({ data }: { data: { back: string } }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={800}>
      <Title order={1}>{t("shell.support")}</Title>
      <EntryPlaceProvider to={data.back} overlay={false}>
        <SupportForm back={data.back} />
      </EntryPlaceProvider>
    </Stack>
  );
}
