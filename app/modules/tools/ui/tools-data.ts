import type { useLoaderData } from "@remix-run/react";
import type { toolsLoader } from "../tools-page.server";

/** What the tools page's panels read: the page loader's data. */
export type ToolsData = ReturnType<typeof useLoaderData<typeof toolsLoader>>;
