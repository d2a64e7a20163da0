/** The page's address, with the category whose services are open (and their page). */
export function grantsPath(userId: number, open?: { category?: number | null; page?: number }): string {
  const params = new URLSearchParams();
  if (open?.category) params.set("category", String(open.category));
  if (open?.category && open.page && open.page > 1) params.set("page", String(open.page));
  const query = params.toString();
  return `/admin/usermanagement/user/${userId}${query ? `?${query}` : ""}`;
}
