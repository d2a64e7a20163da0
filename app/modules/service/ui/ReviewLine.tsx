import { Alert, Button } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/lib/dates";
import { translateError } from "~/ui/forms";
import type { ReviewInfo } from "../review-cadence";
import { resultFor, type ServiceAnswer } from "../types";
import classes from "./service.module.css";

/**
 * "Zuletzt geprüft am … von …, nächste Prüfung fällig am …" (issue 36 §1), the interval and where
 * it comes from, and for editors "Noch aktuell": a review without a change (a plain form post).
 */
export function ReviewLine({ review, updatedAt, canEdit, result }: { review: ReviewInfo; updatedAt: string; canEdit: boolean; result?: ServiceAnswer }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatDate(iso, i18n.language);
  const mine = resultFor(result, "review");
  const last = review.lastReviewedAt
    ? review.lastReviewedBy
      ? t("service.review.last", { date: date(review.lastReviewedAt), name: review.lastReviewedBy })
      : t("service.review.lastNobody", { date: date(review.lastReviewedAt) })
    : t("service.review.never");
  const next = review.next ? t("service.review.next", { date: date(review.next) }) : t("service.review.none");
  const interval = review.own ?? review.catalogue;
  return (
    <div id="review" className={classes.review} data-testid="review">
      <p className={classes.reviewLine}>
        <span data-testid="review-line">
          {last}, {next}
        </span>
        {review.state ? (
          <span className={classes.reviewState} data-state={review.state} data-testid="review-state">
            {t(`service.review.${review.state}`)}
          </span>
        ) : null}
      </p>
      <p className={classes.reviewInterval}>
        {interval > 0 ? t("service.review.interval", { count: interval }) : t("service.review.intervalNone")} ·{" "}
        {t(review.own === null ? "service.review.fromCatalogue" : "service.review.ownInterval")}
      </p>
      {mine?.errors._form ? (
        <Alert color="orange" role="alert" data-testid="stale-notice">
          {translateError(t, mine.errors._form)}
        </Alert>
      ) : null}
      {canEdit ? (
        <Form method="post" preventScrollReset className={classes.reviewForm}>
          <input type="hidden" name="intent" value="confirmReview" />
          <input type="hidden" name="updated_at" value={updatedAt} />
          <Button type="submit" size="xs" variant="default" title={t("service.review.confirmHint")} data-testid="confirm-review">
            {t("service.review.confirm")}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
