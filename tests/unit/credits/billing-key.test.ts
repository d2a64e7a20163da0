import { describe, expect, it } from "vitest";
import { requireBillingKey } from "~/modules/credits/billing-api.server";

/** The billing endpoint's guard (issue 19 §5): only BILLING_API_KEY opens it; unset, nothing does. */
const KEY = "billing-0123456789abcdef0123456789abcdef";
const request = (key?: string) => new Request("http://localhost/api/billing/orders/1", { headers: key === undefined ? {} : { "X-Api-Key": key } });

async function status(run: () => void): Promise<number | "passed"> {
  try {
    run();
    return "passed";
  } catch (answer) {
    return (answer as Response).status;
  }
}

describe("requireBillingKey", () => {
  it("lets the billing key pass", async () => {
    expect(await status(() => requireBillingKey(request(KEY), KEY))).toBe("passed");
  });

  it("answers 401 JSON without it, with another key, or with a prefix of it", async () => {
    for (const key of [undefined, "", "shk_organisation-key", KEY.slice(0, -1), `${KEY}x`]) expect(await status(() => requireBillingKey(request(key), KEY))).toBe(401);
    try {
      requireBillingKey(request("nope"), KEY);
    } catch (answer) {
      expect(await (answer as Response).json()).toEqual({ message: "Unauthenticated." });
    }
  });

  it("refuses everyone when no billing key is configured", async () => {
    expect(await status(() => requireBillingKey(request(""), undefined))).toBe(401);
    expect(await status(() => requireBillingKey(request("anything"), undefined))).toBe(401);
  });
});
