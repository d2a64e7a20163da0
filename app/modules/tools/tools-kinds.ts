import type { Status } from "~/modules/service/service-status";

/** What a bulk change can change (no zod: the tools page shows the choices; decision 0063). */
export const RELATION_KINDS = ["owners", "providers", "kpis", "tags"] as const;
export type BulkRelationKind = (typeof RELATION_KINDS)[number];
export const BULK_KINDS = ["status", ...RELATION_KINDS, "catalogue"] as const;
export type BulkKind = (typeof BULK_KINDS)[number];

/** What a bulk change does to each service. */
export type BulkChange =
  | { kind: "status"; status: Status }
  | { kind: BulkRelationKind; mode: "add" | "remove"; id: number }
  | { kind: "catalogue"; catalogueId: number };
