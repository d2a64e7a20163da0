import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { resetPasswordAction, resetPasswordLoader } from "~/modules/access/auth-pages.server";
import { ResetPasswordPage } from "~/modules/access/ui/ResetPasswordPage";

export const handle = routeHandle({ i18n: ["auth"], title: "auth.resetTitle" });

export const loader = resetPasswordLoader;
export const action = resetPasswordAction;

export default function ResetPasswordRoute() {
  return <ResetPasswordPage valid={useLoaderData<typeof loader>().valid} />;
}
