import { appOrigin } from "~/server/env.server";

/** The catalogue API's page size (issue 18 §1). */
export const PER_PAGE = 50;

/** `?page=n`: a whole number from 1; anything else reads as the first page. */
export function requestedPage(request: Request): number {
  const raw = new URL(request.url).searchParams.get("page");
  const page = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : 1;
  return Math.max(1, page);
}

export interface Paged<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
  next_page_url: string | null;
  prev_page_url: string | null;
}

/**
 * One page in the shape the factory client reads (Laravel's paginator: `data`, `current_page`,
 * `last_page`, `next_page_url`, `prev_page_url`). Links use the configured public address, never
 * the request's Host header (decision 0014).
 */
export function pageOf<T>(request: Request, data: T[], total: number, page: number): Paged<T> {
  const lastPage = Math.max(1, Math.ceil(total / PER_PAGE));
  const url = (n: number) => `${appOrigin()}${new URL(request.url).pathname}?page=${n}`;
  const from = data.length ? (page - 1) * PER_PAGE + 1 : null;
  return {
    data,
    current_page: page,
    last_page: lastPage,
    per_page: PER_PAGE,
    total,
    from,
    to: from === null ? null : from + data.length - 1,
    next_page_url: page < lastPage ? url(page + 1) : null,
    prev_page_url: page > 1 ? url(Math.min(page - 1, lastPage)) : null,
  };
}
