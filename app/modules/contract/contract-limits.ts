/** The longest name that accepts the contract (no zod: the form shows it; decision 0063). */
export const CONTRACT_NAME_MAX = 200;
