import { FactoryError } from "./factory-client.server";

/** Where a call to the template server failed: the catalogue screens and the connection test, or the provider or service-level import. */
export type FactoryContext = "catalogue" | "providers" | "kpis";

/**
 * The message (i18n key) of a failed call. Unreachable, timed out or refused at the network is
 * the spec's "Connection error" everywhere (spec 02 §8); an answer that is not the list asked for
 * is "Failed to retrieve providers." on the provider import (and its like on the service-level
 * import); the catalogue screens also tell a refused key and the rate limit apart.
 */
export function factoryErrorKey(error: unknown, context: FactoryContext): string {
  const failure = error instanceof FactoryError ? error.failure : "invalid";
  if (failure === "unreachable") return "factory.errors.connection";
  if (context === "providers") return "factory.errors.providers";
  if (context === "kpis") return "factory.errors.kpis";
  if (failure === "refused") return "factory.errors.refused";
  if (failure === "rateLimited") return "factory.errors.rateLimited";
  return "factory.errors.catalogue";
}
