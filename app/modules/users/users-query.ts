/** The users list's URL state (client-safe): search, sort and page, read leniently. */
export const USERS_PAGE_SIZE = 25;
export const USER_SORTS = ["name", "email", "role", "last_login_at"] as const;
export type UserSort = (typeof USER_SORTS)[number];

export interface UserListQuery {
  q: string;
  sort: UserSort;
  dir: "asc" | "desc";
  page: number;
}

/** Unknown values fall back to the defaults: a hand-edited URL never breaks the page. */
export function parseUserListQuery(params: URLSearchParams): UserListQuery {
  const sort = params.get("sort");
  const page = Number(params.get("page"));
  return {
    // eslint-disable-next-line no-control-regex
    q: (params.get("q") ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200),
    sort: (USER_SORTS as readonly string[]).includes(sort ?? "") ? (sort as UserSort) : "name",
    dir: params.get("dir") === "desc" ? "desc" : "asc",
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The list URL for a query, with defaults left out. */
export function userListHref(query: Partial<UserListQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.sort && query.sort !== "name") params.set("sort", query.sort);
  if (query.dir === "desc") params.set("dir", "desc");
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return `/admin/usermanagement${search ? `?${search}` : ""}`;
}
