/** Where a release is read: its contents, and anything below (suffix "/service/12", "?q=…"). */
export const releasePath = (id: number, suffix = "") => `/servicecatalog/releases/${id}${suffix}`;
