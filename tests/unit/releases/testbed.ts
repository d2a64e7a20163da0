import { beforeAll } from "vitest";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

/** The release tests' test database, its factories, and an account that publishes (made before the tests). */
export function useTestDbWithPublisher(role: "keysuperuser" | "superadmin" = "keysuperuser") {
  const t = useTestDb();
  const make = factories(() => t.db);
  const publisher = { id: 0, name: "" };
  beforeAll(async () => {
    const user = await make.user(role);
    Object.assign(publisher, { id: user.id, name: user.name });
  });
  return { t, make, publisher };
}
