import { userHasPermission } from "~/modules/access/policy";
import type { Role } from "~/modules/access/roles";

/**
 * A service's lifecycle stage (issue 36 §2, docs/decisions/0075-lifecycle-stages.md), besides its
 * review status: pipeline (planned, not yet offered), live (offered), retired (no longer offered,
 * kept for reference). Customers and releases see live services only.
 */
export const SERVICE_STAGES = ["pipeline", "live", "retired"] as const;
export type ServiceStage = (typeof SERVICE_STAGES)[number];

/** What customers read and releases freeze. */
export const CUSTOMER_STAGES: readonly ServiceStage[] = ["live"];

/** A retired service's place on the service page. */
export interface StageInfo {
  stage: ServiceStage;
  retiredAt: string | null;
  successor: { id: number; name: string } | null;
}

/** The service page's lifecycle section: the stage, and for its form the successor search. */
export interface StagePanel extends StageInfo {
  successors: { id: number; name: string; catalogue_title: string | null }[];
  succq: string | null;
  /** What the form held when its successor search was sent. */
  draft: { stage: string | null; retired_at: string | null; successor_id: string | null } | null;
}

/**
 * The stages a reader sees in the working copy: a customer (no `read:working-copy`) only live
 * services (issue 36 §2); everyone else every stage (null: no restriction).
 */
export function readableStages(user: { role: Role }): readonly ServiceStage[] | null {
  return userHasPermission(user, "read:working-copy") ? null : CUSTOMER_STAGES;
}
