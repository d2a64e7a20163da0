import crypto from "node:crypto";
import { expect, test, type TestUser } from "../support/fixtures";
import { postForm, type RawAnswer } from "../support/raw-http";

// Issue 31 item 4 (decision 0046): guessing is slowed per address and per account, but nobody
// can lock an owner out of the browser they signed in with before. Each client is a loopback
// address of its own, as in security.http.spec.ts.

const base = () => `http://127.0.0.1:${process.env.E2E_PORT}`;

function anotherClient(): string {
  const [a, b, c] = crypto.randomBytes(3);
  return `127.${a || 1}.${b}.${(c % 250) + 2}`;
}

const signIn = (user: Pick<TestUser, "email">, password: string, from: string, cookie?: string) =>
  postForm(base(), "/login", { email: user.email, password }, { localAddress: from, headers: cookie ? { Cookie: cookie } : {} });

/** The name=value of a Set-Cookie the answer carries. */
function cookieOf(answer: RawAnswer, name: string): string | undefined {
  return ([] as string[]).concat(answer.headers["set-cookie"] ?? []).find((c) => c.startsWith(`${name}=`))?.split(";")[0];
}

test("50 wrong passwords from 50 addresses are slowed down; the owner's known browser still gets in, also from an address that is refused", async ({ make }) => {
  const owner = await make.user("keyuser");
  const home = anotherClient();
  const first = await signIn(owner, owner.password, home);
  expect(first.status).toBe(302);
  const device = cookieOf(first, "sh_device");
  expect(device, "a password sign-in makes the browser a known device").toBeTruthy();

  // Someone at the owner's address (the same office network) guesses: that address is refused for browsers it does not know.
  for (let i = 0; i < 5; i++) expect((await signIn(owner, `home-guess-${i}`, home)).status).toBe(401);
  expect((await signIn(owner, owner.password, home)).status).toBe(429);

  // The attack: one guess from each of 50 addresses, as fast as the server answers.
  const statuses: number[] = [];
  let lastRefusal: RawAnswer | undefined;
  for (let i = 0; i < 50; i++) {
    const answer = await signIn(owner, `guess-${i}`, anotherClient());
    statuses.push(answer.status);
    if (answer.status === 429) lastRefusal = answer;
  }
  // With the five above, the first five reach ten failures for the account; after that each guess
  // waits for a growing delay (1 s, 2 s, 4 s …), so only a handful more reach the password check.
  expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
  expect(statuses.filter((s) => s === 401).length).toBeLessThan(11);
  expect(Number(lastRefusal?.headers["retry-after"])).toBeGreaterThan(0);
  expect(Number(lastRefusal?.headers["retry-after"])).toBeLessThanOrEqual(60);
  expect(lastRefusal?.body).toContain("Sekunden erneut");
  const unknownElsewhere = await signIn(owner, owner.password, anotherClient());
  expect(unknownElsewhere.status).toBe(429);
  expect(cookieOf(unknownElsewhere, "sh_session")).toBeUndefined();

  // … but the owner's browser is known: the right password signs in, at home and elsewhere.
  const back = await signIn(owner, owner.password, home, device);
  expect(back.status).toBe(302);
  expect(back.headers.location).toBe("/dashboard");
  expect(cookieOf(back, "sh_session")).toBeTruthy();
  expect((await signIn(owner, owner.password, anotherClient(), device)).status).toBe(302);
});

test("a known browser that fails five times itself is an unknown one again (a stolen cookie guesses no further)", async ({ make }) => {
  const owner = await make.user("user");
  const first = await signIn(owner, owner.password, anotherClient());
  const device = cookieOf(first, "sh_device")!;
  for (let i = 0; i < 5; i++) expect((await signIn(owner, `typo-${i}`, anotherClient(), device)).status).toBe(401);
  // Five more addresses would each be admitted for an unknown browser, but not as this device …
  const sixth = await signIn(owner, "typo-5", anotherClient(), device);
  expect(sixth.status).toBe(401);
  // … which is now counted like any unknown browser: its failures from one address refuse that address.
  const from = anotherClient();
  for (let i = 0; i < 5; i++) await signIn(owner, `again-${i}`, from, device);
  expect((await signIn(owner, owner.password, from, device)).status).toBe(429);
});

test("a device cookie for another account, or one without a valid signature, does not help", async ({ make }) => {
  const other = await make.user("user");
  const victim = await make.user("user");
  const otherDevice = cookieOf(await signIn(other, other.password, anotherClient()), "sh_device")!;
  const from = anotherClient();
  for (let i = 0; i < 5; i++) expect((await signIn(victim, `wrong-${i}`, from)).status).toBe(401);
  expect((await signIn(victim, victim.password, from, otherDevice)).status).toBe(429);
  const forged = `sh_device=${Buffer.from(JSON.stringify({ id: "forged-device-000001", users: [victim.id] })).toString("base64")}`;
  expect((await signIn(victim, victim.password, from, forged)).status).toBe(429);
  // The signed value with this account swapped in is refused as well (the signature covers the ids).
  const [value, signature] = decodeURIComponent(otherDevice.slice("sh_device=".length)).split(".");
  const swapped = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(value, "base64").toString("utf8")), users: [victim.id] })).toString("base64");
  expect((await signIn(victim, victim.password, from, `sh_device=${encodeURIComponent(`${swapped}.${signature}`)}`)).status).toBe(429);
});
