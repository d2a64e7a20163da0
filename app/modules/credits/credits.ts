import type { TokenMode, TokenOrderStatus, TokenPackage } from "~/server/db/schema";

/**
 * Credits (spec 02 §3 Credits, §4 Credit orders, §9), client-safe part: the packages, the order
 * limits and what the screens show. One credit is one token of the AI provider's `usage`.
 */

/** Spec 02 §9: "Minimum credit order: 10". */
export const MIN_ORDER = 10;
/** An upper bound against typing slips (and integer overflow); larger amounts are a conversation with the vendor. */
export const MAX_ORDER = 100_000_000;
/** Spec 02 §1/§9: every package (and every bought amount) is valid 12 months from its completion. */
export const VALID_MONTHS = 12;
/** An open reservation older than this no longer holds tokens (a crashed request must not block credits). */
export const RESERVATION_LIFETIME_MS = 10 * 60_000;

export const PACKAGE_KEYS = ["starter", "professional", "enterprise"] as const satisfies readonly TokenPackage[];

/** Spec 02 §1: starter, professional, enterprise; the amounts are ours (prices are not shown). */
export const PACKAGE_CREDITS: Readonly<Record<TokenPackage, number>> = {
  starter: 100_000,
  professional: 500_000,
  enterprise: 2_000_000,
};

export const MODE_KEYS = ["contingent", "unlimitedUse"] as const satisfies readonly TokenMode[];

/** Spec 02 §4: pending is shown as "awaiting payment". */
export const STATUS_LABEL_KEYS: Readonly<Record<TokenOrderStatus, string>> = {
  pending: "credits.status.pending",
  completed: "credits.status.completed",
  failed: "credits.status.failed",
  cancelled: "credits.status.cancelled",
};

/** An order as the screens and the billing API show it. */
export interface OrderView {
  id: number;
  value: number;
  status: TokenOrderStatus;
  package: TokenPackage | null;
  ordered_at: string;
  status_changed_at: string | null;
  completed_at: string | null;
  expires_at: string | null;
  consumed: number;
  user_name: string | null;
}

/** Spec 02 §3 "Token usage summary", plus what the usage page adds. */
export interface CreditStats {
  token_configuration: { is_active: boolean; current_mode: TokenMode; updated_at: string };
  usage: {
    /** All tokens ever recorded. */
    total_used_tokens: number;
    /** All tokens used this month, whatever paid for them. */
    used_this_month: number;
    monthly_contingent: number;
    remaining_monthly_contingent: number;
  };
  bought_tokens: { total: number; remaining: number };
  /** Tokens held by running AI calls. */
  reserved: number;
  available: boolean;
}

/** Tokens per Berlin month, oldest first. */
export interface MonthUsage {
  key: string;
  year: number;
  month: number;
  tokens: number;
}

/** The customer data an order needs (spec 02 §5: "Complete company details must be filled in the settings"). */
export const REQUIRED_CUSTOMER_FIELDS = ["company", "street", "zipcode", "city", "country"] as const;
