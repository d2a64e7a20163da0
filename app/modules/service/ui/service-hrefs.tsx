import { createContext, useContext } from "react";

/**
 * Where the service page's links lead: the working copy, or a release (issue 35 §4), whose pages
 * link only to pages of the same release — never to an edit route or to base-data screens.
 */
export interface ServiceHrefs {
  catalogue: string;
  area: (id: number) => string;
  category: (id: number) => string;
  service: (id: number) => string;
  picture: (id: number, version: string) => string;
  /** A base-data record's page; null: shown as a name only. */
  baseData: ((path: string, id: number) => string) | null;
  /** Whether the page has a history tab (a release has none: it does not change). */
  history: boolean;
}

export const WORKING_COPY_HREFS: ServiceHrefs = {
  catalogue: "/servicecatalog",
  area: (id) => `/servicecatalog/area/${id}`,
  category: (id) => `/servicecatalog/category/${id}`,
  service: (id) => `/servicecatalog/service/${id}`,
  picture: (id, version) => `/images/service/${id}?v=${encodeURIComponent(version)}`,
  baseData: (path, id) => `${path}/${id}`,
  history: true,
};

export const ServiceHrefsContext = createContext<ServiceHrefs>(WORKING_COPY_HREFS);

export const useServiceHrefs = () => useContext(ServiceHrefsContext);
