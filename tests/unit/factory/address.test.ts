import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardedLookup, isPrivateAddress } from "~/modules/factory/factory-address.server";
import { createFactoryClient, FactoryError } from "~/modules/factory/factory-client.server";

/**
 * Which hosts the template server may be (issue 31 §10): nothing loopback, link-local or private —
 * IPv4, IPv6, and IPv4 inside IPv6 — unless TEMPLATE_SERVER_ALLOW_PRIVATE=1. Against a real
 * server on a loopback port that records every request it gets: a refused address sends nothing.
 */

describe("the address rule", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "0.0.0.0",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.178.1",
    "169.254.169.254",
    "100.64.0.1",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "fe80::1",
    "fe80::1%eth0",
    "[fe80::1]",
    "fd00::1",
    "fc12:3456::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:169.254.169.254",
    "::ffff:10.0.0.1",
    "64:ff9b::a00:1",
    "2002:c0a8:101::1",
    "2001:db8::1",
    "not-an-address",
  ])("refuses %s", (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each(["1.1.1.1", "8.8.8.8", "172.32.0.1", "192.169.0.1", "100.128.0.1", "2a00:1450:4001:80b::200e", "2606:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"])(
    "allows %s",
    (ip) => {
      expect(isPrivateAddress(ip)).toBe(false);
    },
  );

  it("refuses a name when it resolves to a private address, and hands the socket only checked addresses", async () => {
    const lookup = (allow: boolean) =>
      new Promise<{ error: Error | null; addresses: unknown }>((resolve) => guardedLookup(allow)("localhost", { all: true }, (error, addresses) => resolve({ error, addresses })));
    const refused = await lookup(false);
    expect(refused.error?.message).toMatch(/not allowed/);
    const allowed = await lookup(true);
    expect(allowed.error).toBeNull();
    expect(allowed.addresses).toEqual(expect.arrayContaining([expect.objectContaining({ address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) })]));
  });
});

describe("the client under the rule", () => {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.headers.host} ${req.url} ${req.headers["x-api-key"]}`);
    if (req.url?.startsWith("/moved")) {
      res.writeHead(302, { Location: `http://127.0.0.1:${port}/elsewhere/api/servicecatalog` });
      return res.end();
    }
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ data: [{ id: 1, title: "Vorlagen", services_count: 2 }] }));
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  async function failure(promise: Promise<unknown>) {
    try {
      await promise;
    } catch (error) {
      expect(error).toBeInstanceOf(FactoryError);
      return (error as FactoryError).failure;
    }
    throw new Error("expected a failure");
  }

  it("by default (no TEMPLATE_SERVER_ALLOW_PRIVATE) reaches no loopback host, by address or by name, and sends no key", async () => {
    seen.length = 0;
    for (const host of ["127.0.0.1", "localhost", "[::ffff:127.0.0.1]", "0x7f.0.0.1", "2130706433", "127.1"]) {
      expect(await failure(createFactoryClient({ url: `http://${host}:${port}`, key: "shk_secret" }).catalogues()), host).toBe("unreachable");
    }
    expect(await failure(createFactoryClient({ url: `http://[::1]:${port}`, key: "shk_secret" }).catalogues())).toBe("unreachable");
    expect(seen).toEqual([]);
  });

  it("with the setting, reaches the loopback server — and still follows no redirect", async () => {
    seen.length = 0;
    expect(await createFactoryClient({ url: `http://localhost:${port}`, key: "shk_secret" }, { allowPrivate: true }).catalogues()).toHaveLength(1);
    expect(seen).toEqual([`localhost:${port} /api/servicecatalog shk_secret`]);
    seen.length = 0;
    expect(await failure(createFactoryClient({ url: `http://127.0.0.1:${port}/moved`, key: "shk_secret" }, { allowPrivate: true }).catalogues())).toBe("unreachable");
    expect(seen).toEqual([`127.0.0.1:${port} /moved/api/servicecatalog shk_secret`]);
  });
});
