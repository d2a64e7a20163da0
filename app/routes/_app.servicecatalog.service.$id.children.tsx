import { Alert, Anchor, Stack, Text } from "@mantine/core";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AttributeForm } from "~/modules/service/ui/children/AttributeForm";
import { childrenAction } from "~/modules/service/children-page.server";
import { FormAlert } from "~/ui/FormAlert";
import { RouteDialog } from "~/ui/RouteDialog";
import { LinkForm } from "~/modules/service/ui/children/LinkForm";
import { OptionForm } from "~/modules/service/ui/children/OptionForm";
import { ResponsibilityForm } from "~/modules/service/ui/children/ResponsibilityForm";
import { servicePath, type ChildActionData } from "~/modules/service/children-types";
import { serviceIdOr404 } from "~/modules/service/access.server";

/**
 * /servicecatalog/service/:id/children — the action every form of the options, responsibilities,
 * links and attributes sections posts to (see childrenAction). A visit is sent to the service page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const serviceId = serviceIdOr404(params.id);
  // A refused form post without JS renders this route (the page with the form again below); Remix
  // then runs the loaders with the post's headers. Only a plain visit (no body) goes to the page.
  if (request.headers.has("Content-Type")) return null;
  throw redirect(servicePath(serviceId));
}

export const action = ({ request, params }: ActionFunctionArgs) => childrenAction(request, params.id);

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
export default function ServiceChildrenAnswer() {
  const result = useActionData<typeof action>() as ChildActionData | undefined;
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
