import { z } from "zod";
import { MAX_REVIEW_INTERVAL } from "~/modules/service/review-cadence";
import { idField, requiredText } from "~/ui/form/fields";

/** A new catalogue: its title (admins, on the catalogue manager). */
export const NewCatalogueSchema = z.object({
  title: requiredText(255),
});

/** A catalogue's review interval in months (issue 36 §1): 0 (no regular review) to MAX_REVIEW_INTERVAL. */
export const ReviewIntervalSchema = z.object({
  catalogue: idField(),
  review_interval_months: z
    .string({ error: "catalogue.reviewInterval.invalid" })
    .trim()
    .regex(/^\d{1,3}$/, { error: "catalogue.reviewInterval.invalid" })
    .transform(Number)
    .refine((n) => n <= MAX_REVIEW_INTERVAL, { error: "catalogue.reviewInterval.invalid" }),
});
