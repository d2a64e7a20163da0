import { z } from "zod";
import { DELIVERIES, NOTIFICATION_KINDS, type NotificationKind } from "./notifications";

/** The settings entry's form: one choice per kind; a kind not sent keeps its choice. */
export const NotificationPrefsSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.enum(DELIVERIES).optional()])) as Record<NotificationKind, z.ZodOptional<z.ZodEnum<{ inapp: "inapp"; mail: "mail"; digest: "digest" }>>>,
);
