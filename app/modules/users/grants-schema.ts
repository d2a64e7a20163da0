import { z } from "zod";
import { roleHasPermission } from "~/modules/access/policy";
import type { Role } from "~/modules/access/roles";

/*
 * A user's permissions page (issue 13 §2): what the page shows and the forms it posts. Client-safe:
 * the page and its actions share these schemas and types.
 */

export interface GrantUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  wordExport: boolean;
}

export interface GrantCategory {
  id: number;
  name: string;
  granted: boolean;
  /** Live services of this category granted one by one. */
  grantedServices: number;
}

export interface GrantArea {
  /** Null: the categories without an area. */
  id: number | null;
  name: string | null;
  categories: GrantCategory[];
}

export interface GrantCatalogue {
  id: number;
  title: string | null;
  frameTitle: string | null;
  areas: GrantArea[];
  categoryCount: number;
  grantedCount: number;
}

export interface GrantService {
  id: number;
  name: string;
  granted: boolean;
}

/** The forms of the page, told apart by `intent`. */
export const GRANT_INTENTS = ["grant-category", "revoke-category", "grant-service", "revoke-service", "set-word-export"] as const;
export type GrantIntent = (typeof GRANT_INTENTS)[number];

/** A positive id from a form field; anything else gets the field's message. */
const id = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,15}$/, { error: message })
    .transform(Number)
    .refine((n) => n > 0, { error: message });

/** "1" switches on, "0" off: the toggles post the state they ask for, so a repeated post changes nothing. */
const onOff = z.enum(["1", "0"], { error: "errors.badRequest" }).transform((v) => v === "1");

export const CategoryGrantSchema = z.object({ categoryId: id("grants.errors.unknownCategory") });
export const ServiceGrantSchema = z.object({ serviceId: id("grants.errors.unknownService") });
export const FlagSchema = z.object({ active: onOff });

/** Who may switch the export licence: a superadmin only; a keysuperuser sees it read-only. */
export function mayChangeExportLicence(user: { role?: string | null }): boolean {
  return roleHasPermission(user, "manage:organisation");
}

export { grantsPath } from "./grants-path";
