import { roleHasPermission } from "~/modules/access/policy";
import { type Role } from "~/modules/access/roles";

export const STATUSES = ["open", "checking", "closed"] as const;
export type Status = (typeof STATUSES)[number];

/**
 * Review workflow (decision 0009): whoever may edit moves a service between "open" and
 * "checking"; only keyuser and above approve ("closed") or take an approval back. Editing the
 * content of an approved service returns it to "open" (see touchService).
 */
export function canTransition(role: Role, from: Status, to: Status): boolean {
  if (from === to) return true;
  if (!roleHasPermission(role, "update:service")) return false;
  if (to === "closed" || from === "closed") return roleHasPermission(role, "manage:structure");
  return true;
}

export function allowedStatuses(role: Role, from: Status): Status[] {
  return STATUSES.filter((to) => canTransition(role, from, to));
}

export function isStatus(value: unknown): value is Status {
  return typeof value === "string" && (STATUSES as readonly string[]).includes(value);
}
