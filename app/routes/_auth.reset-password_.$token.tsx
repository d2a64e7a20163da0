import { useLoaderData } from "@remix-run/react";
import { resetPasswordAction, resetPasswordLoader } from "~/modules/access/auth-pages.server";
import { ResetPasswordPage } from "~/modules/access/ui/ResetPasswordPage";

export const loader = resetPasswordLoader;
export const action = resetPasswordAction;

export default function ResetPasswordRoute() {
  return <ResetPasswordPage valid={useLoaderData<typeof loader>().valid} />;
}
