import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FramePrintPage } from "~/modules/catalogframe/ui/FramePrintPage";
import type { releaseFrameLoader } from "../release-frame-page.server";

type FrameData = Awaited<ReturnType<typeof releaseFrameLoader>>;

/** A release's cover sheet as the print page shows it, "back" leading to the release (the app's pages or a share link's). */
export function ReleaseFrameView({ data }: { data: FrameData }) {
  const { t } = useTranslation();
  return <FramePrintPage data={data} back={{ href: data.back, label: t("releases.backToRelease") }} pictureUrl={data.pictureUrl} />;
}

/** /servicecatalog/releases/:id/frame */
export function ReleaseFramePage() {
  return <ReleaseFrameView data={useLoaderData<typeof releaseFrameLoader>()} />;
}
