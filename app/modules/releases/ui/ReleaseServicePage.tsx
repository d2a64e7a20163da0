import { Stack } from "@mantine/core";
import { useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { ServicePage } from "~/modules/service/ui/ServicePage";
import {
  ServiceHrefsContext,
  type ServiceHrefs,
} from "~/modules/service/ui/service-hrefs";
import type { releaseServiceLoader } from "../release-pages.server";
import { ReleaseBanner, releasePath } from "./ReleaseBanner";

/** Links of a release's pages stay inside the release (no edit route, no base-data screen). */
function releaseHrefs(base: string): ServiceHrefs {
  return {
    catalogue: base,
    area: (area) => `${base}#area-${area}`,
    category: (category) => `${base}#category-${category}`,
    service: (service) => `${base}/service/${service}`,
    picture: (service) => `${base}/service/${service}/picture`,
    baseData: null,
    history: false,
  };
}

/** /servicecatalog/releases/:id/service/:serviceId — the service as the release froze it, read-only. */
export function ReleaseServicePage() {
  const { release, page } = useLoaderData<typeof releaseServiceLoader>();
  return <ReleaseServiceView release={release} page={page} base={releasePath(release.id)} />;
}

type ServiceData = Awaited<ReturnType<typeof releaseServiceLoader>>;

/** A service of a release, read-only, its links below `base` (the app's release pages, or a share link's). */
export function ReleaseServiceView({ release, page, base }: ServiceData & { base: string }) {
  const hrefs = useMemo(() => releaseHrefs(base), [base]);
  const data = {
    ...page,
    options: null,
    pickers: null,
    history: null,
    candidates: [],
    depq: "",
    tab: "content" as const,
    canEdit: false,
    readOnly: null,
    canStructure: false,
    canExport: false,
    ai: null,
    // A release freezes content, not its reviews.
    review: null,
    // A release holds live services only.
    stage: null,
    people: null,
    openThreads: 0,
    // A release is read in the reader's language where it froze a translation (release-read.server.ts).
    content: null,
    translate: null,
    translateParts: null,
    canCreateTags: false,
    statuses: [],
  };
  return (
    <Stack gap="md">
      <ReleaseBanner release={release} />
      <ServiceHrefsContext.Provider value={hrefs}>
        <ServicePage data={data} />
      </ServiceHrefsContext.Provider>
    </Stack>
  );
}
