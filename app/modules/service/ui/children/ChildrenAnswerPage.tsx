import { Alert, Anchor, Stack, Text } from "@mantine/core";
import { Link, useActionData, useParams } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/ui/FormAlert";
import { RouteDialog } from "~/ui/RouteDialog";
import { childView, servicePath, type ChildActionData, type ChildAnswer } from "../../children-types";
import { AttributeForm } from "./AttributeForm";
import { LinkForm } from "./LinkForm";
import { OptionForm } from "./OptionForm";
import { ResponsibilityForm } from "./ResponsibilityForm";

/** The refused form again, with its errors and what was typed (the children route's page without JS). */
function FailedForm({ serviceId, result }: { serviceId: number; result: ChildActionData }) {
  const { t } = useTranslation();
  const { updatedAt } = result;
  if (!result.stale) {
    switch (result.intent) {
      case "addOption":
      case "updateOption":
        return <OptionForm serviceId={serviceId} updatedAt={updatedAt} failed={result} />;
      case "addResponsibility":
      case "updateResponsibility":
        return <ResponsibilityForm serviceId={serviceId} updatedAt={updatedAt} failed={result} />;
      case "addLink":
        return <LinkForm serviceId={serviceId} updatedAt={updatedAt} failed={result} />;
      case "setAttributeText":
      case "setAttributeDropdown":
        if (result.attribute)
          return <AttributeForm serviceId={serviceId} updatedAt={updatedAt} attribute={result.attribute} text={null} selected={null} failed={result} />;
        break;
    }
  }
  // A stale form, a child that is gone, a refused move or removal: the message is all there is to show.
  return result.stale ? (
    <Alert color="orange" role="alert" data-testid="stale-notice">
      {t("servicechildren.stale")}
    </Alert>
  ) : (
    <FormAlert error={result.errors._form ?? "errors.badRequest"} />
  );
}

/** Without JS a refused form comes back here: shown again in a dialog over the service page. */
export function ChildrenAnswerPage() {
  const answer = useActionData<ChildAnswer>();
  // One view object per answer: the form below tells the first refusal from later ones by identity.
  const result = useMemo(() => childView(answer), [answer]);
  const params = useParams();
  const { t } = useTranslation();
  const serviceId = Number(params.id);
  if (!result) return null;
  const back = servicePath(serviceId, result.section);
  return (
    <RouteDialog title={t("servicechildren.answer.title", { section: t(`servicechildren.sections.${result.section}`) })} closeTo={back} maxWidth={760}>
      <Stack gap="sm" data-testid="children-answer">
        <Text size="sm">{t(result.stale ? "servicechildren.answer.stale" : "servicechildren.answer.intro")}</Text>
        <FailedForm serviceId={serviceId} result={result} />
        <Anchor component={Link} to={back} size="sm">
          {t("servicechildren.answer.back")}
        </Anchor>
      </Stack>
    </RouteDialog>
  );
}
