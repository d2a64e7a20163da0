/**
 * The message (i18n key) of every failed call to the template server: "Connection error"
 * (spec 02 §8) whether it was unreachable, its address refused, the key refused, the rate limit
 * hit or the answer not a ServiceHub's. Telling them apart let an admin map hosts and ports
 * through our server (issue 31 §10; docs/decisions/0050-template-server-connections.md); each
 * caller logs the reason for the operator.
 */
export const FACTORY_FAILURE = "factory.errors.connection";
