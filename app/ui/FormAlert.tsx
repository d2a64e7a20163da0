import { Alert } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { translateError } from "~/ui/forms";

/** The error of a whole form (not of one field), announced to screen readers. */
export function FormAlert({ error }: { error?: string | null }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert color="red" role="alert" data-testid="form-error">
      {translateError(t, error)}
    </Alert>
  );
}
