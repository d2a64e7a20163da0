import { ROLES, type Role } from "~/modules/access/roles";
import type { Actor, Outcome } from "./route-matrix";

/**
 * User management × actor × the target account's role (issue 31 §1): every page and write of user
 * management, asked by every actor about an account of every role. The expected outcomes are
 * transcribed from the rule, not computed by the policy under test: only a superadmin touches a
 * superadmin account or gives the superadmin role, nobody gives a role above their own, and roles
 * without user management get nothing.
 */
export const MANAGES: Readonly<Record<Actor, readonly Role[]>> = {
  anonymous: [],
  client: [],
  user: [],
  keyuser: [],
  admin: [],
  keysuperuser: ["client", "user", "keyuser", "admin", "keysuperuser"],
  superadmin: ROLES,
};

const MANAGERS: readonly Actor[] = ["keysuperuser", "superadmin"];

/** What a cell needs of the running matrix: the target account and rows to grant. */
export interface AccountTarget {
  id: number;
  name: string;
  email: string;
  role: Role;
}

export interface AccountCell {
  actor: Actor;
  /** The role of the account asked about; null for "new account". */
  target: Role | null;
  /** The role a write gives (edit's role change, a new account). */
  gives?: Role;
  what: string;
  method: "GET" | "POST";
  /** The route file (for data requests) and its URL for the target. */
  file: string;
  url: (target: AccountTarget) => string;
  body?: (target: AccountTarget, rows: { category: number; service: number }) => Record<string, string>;
  expected: Outcome;
}

const editUrl = (t: AccountTarget) => `/admin/usermanagement/${t.id}/edit`;
const grantsUrl = (t: AccountTarget) => `/admin/usermanagement/user/${t.id}`;

/** Every cell: 7 actors × 6 target roles × (5 pages + 12 writes + role changes) + new accounts of each role. */
export function accountCells(): AccountCell[] {
  const cells: AccountCell[] = [];
  const outcome = (actor: Actor, method: "GET" | "POST", allowed: boolean): Outcome => {
    if (actor === "anonymous") return "login";
    if (allowed) return "allowed";
    return method === "GET" ? "unauthorized" : "403";
  };
  for (const actor of ["anonymous", ...ROLES] as const) {
    const manager = MANAGERS.includes(actor);
    for (const target of ROLES) {
      const manages = MANAGES[actor].includes(target);
      const add = (cell: Omit<AccountCell, "actor" | "target" | "expected">, allowed = manages) =>
        cells.push({ ...cell, actor, target, expected: outcome(actor, cell.method, allowed) });
      add({ what: "edit dialog", method: "GET", file: "_app.admin.usermanagement.$id.edit.tsx", url: editUrl });
      add({ what: "delete dialog", method: "GET", file: "_app.admin.usermanagement.$id.delete.tsx", url: (t) => `/admin/usermanagement/${t.id}/delete` });
      for (const step of ["grant-all", "remove-all"]) {
        const file = `_app.admin.usermanagement_.user.$id.${step}.tsx`;
        add({ what: `${step} dialog`, method: "GET", file, url: (t) => `${grantsUrl(t)}/${step}` });
        add({ what: step, method: "POST", file, url: (t) => `${grantsUrl(t)}/${step}` });
      }
      // The permissions page is shown to every manager (read-only for an account they may not change).
      add({ what: "permissions page", method: "GET", file: "_app.admin.usermanagement_.user.$id.tsx", url: grantsUrl }, manager);
      const grants = "_app.admin.usermanagement_.user.$id.tsx";
      add({ what: "grant-category", method: "POST", file: grants, url: grantsUrl, body: (_, r) => ({ intent: "grant-category", categoryId: String(r.category) }) });
      add({ what: "revoke-category", method: "POST", file: grants, url: grantsUrl, body: (_, r) => ({ intent: "revoke-category", categoryId: String(r.category) }) });
      add({ what: "grant-service", method: "POST", file: grants, url: grantsUrl, body: (_, r) => ({ intent: "grant-service", serviceId: String(r.service) }) });
      add({ what: "revoke-service", method: "POST", file: grants, url: grantsUrl, body: (_, r) => ({ intent: "revoke-service", serviceId: String(r.service) }) });
      add({ what: "word-export flag", method: "POST", file: grants, url: grantsUrl, body: () => ({ intent: "set-word-export", active: "1" }) });
      const edit = "_app.admin.usermanagement.$id.edit.tsx";
      add({ what: "rename", method: "POST", file: edit, url: editUrl, body: (t) => ({ name: `${t.name} neu`, email: t.email, role: t.role }) });
      // The takeover path: the account's e-mail, then "forgot password".
      add({ what: "change e-mail", method: "POST", file: edit, url: editUrl, body: (t) => ({ name: t.name, email: `taken-over-${t.id}@attacker.test`, role: t.role }) });
      for (const gives of ROLES.filter((r) => r !== target)) {
        add({ what: `role → ${gives}`, gives, method: "POST", file: edit, url: editUrl, body: (t) => ({ name: t.name, email: t.email, role: gives }) }, manages && MANAGES[actor].includes(gives));
      }
      add({ what: "delete", method: "POST", file: "_app.admin.usermanagement.$id.delete.tsx", url: (t) => `/admin/usermanagement/${t.id}/delete` });
    }
    for (const gives of ROLES) {
      cells.push({
        actor,
        target: null,
        gives,
        what: `new account as ${gives}`,
        method: "POST",
        file: "_app.admin.usermanagement.new.tsx",
        url: () => "/admin/usermanagement/new",
        body: (t) => ({ name: `Neu ${t.id}`, email: `new-${gives}-${actor}-${t.id}@example.com`, role: gives, access: "password", password: "a long enough password" }),
        expected: outcome(actor, "POST", MANAGES[actor].includes(gives)),
      });
    }
  }
  return cells;
}
