import { CONTENT_TYPES, VALUE_TYPES, isValueType, type ContentType, type GenerateMode, type GeneratedValue, type ItemKey, type Proposal, type ValueChange, type ValueType } from "./ai";
import { plainText } from "~/lib/markup";
import { ANSWER_FIELDS, appendListHtml, paragraphsHtml, splitList, valueHtml, type Answer } from "./answer";

/**
 * The generated content as a diff (spec 02 §3, §4; issue 19 §3), pure so that the server builds
 * and trims it and the tests check it without a provider: each value as value → new_value with
 * its change, each new option and responsibility as "created" with a local id. Accepting or
 * discarding removes items; a property without changed items is gone; an empty proposal is null.
 */

export type CurrentValues = Record<ValueType, string | null>;

/** The text of some HTML, for comparing a stored value with a generated one. */
export { plainText };

export function changeOf(value: string | null, newValue: string | null): ValueChange {
  const before = plainText(value);
  const after = plainText(newValue);
  if (before === after) return "no";
  if (before === "") return "generated";
  if (after === "") return "deleted";
  return "changed";
}

/** The proposal for the chosen content types from a validated answer. `newId` makes the local ids. */
export function buildProposal(current: CurrentValues, answer: Answer, mode: GenerateMode, types: readonly ContentType[], newId: () => string): Proposal {
  const values: Proposal["values"] = {};
  for (const type of VALUE_TYPES) {
    if (!types.includes(type)) continue;
    // "add": the description is refined; key points are added to the list already there.
    const generated =
      mode === "add" && (type === "content" || type === "advantages") ? appendListHtml(current[type], splitList(answer[ANSWER_FIELDS[type]])) : valueHtml(type, answer);
    values[type] = { value: current[type] || null, new_value: generated, changed: changeOf(current[type], generated) };
  }
  return {
    values,
    options: types.includes("options")
      ? (answer.ServiceOptions ?? []).map((o) => ({ id: newId(), name: o.Name.trim(), description: paragraphsHtml(o.Beschreibung), art_nr: null, costs: 0, changed: "created" as const }))
      : [],
    responsibilities: types.includes("responsibilities")
      ? splitList(answer[ANSWER_FIELDS.responsibilities]).map((description) => ({ id: newId(), description: description.slice(0, 2000), client: 0, it: 0, pos: 0, changed: "created" as const }))
      : [],
  };
}

/** The keys of the items that can be accepted or discarded (unchanged values cannot). */
export function itemKeys(proposal: Proposal): ItemKey[] {
  return [
    ...VALUE_TYPES.filter((type) => proposal.values[type] && proposal.values[type]!.changed !== "no"),
    ...proposal.options.map((o) => `options:${o.id}`),
    ...proposal.responsibilities.map((r) => `responsibilities:${r.id}`),
  ];
}

/** The proposal without these items; null when no changed item is left (default mode returns). */
export function withoutItems(proposal: Proposal, keys: readonly ItemKey[]): Proposal | null {
  const gone = new Set(keys);
  const values: Proposal["values"] = {};
  for (const type of VALUE_TYPES) {
    const value = proposal.values[type];
    if (value && !gone.has(type)) values[type] = value;
  }
  const next: Proposal = {
    values,
    options: proposal.options.filter((o) => !gone.has(`options:${o.id}`)),
    responsibilities: proposal.responsibilities.filter((r) => !gone.has(`responsibilities:${r.id}`)),
  };
  return itemKeys(next).length ? next : null;
}

/** One item of a proposal by its key, for accepting it. */
export type ProposalItem =
  | { kind: "value"; type: ValueType; value: GeneratedValue }
  | { kind: "option"; option: Proposal["options"][number] }
  | { kind: "responsibility"; responsibility: Proposal["responsibilities"][number] };

export function itemsOf(proposal: Proposal, keys: readonly ItemKey[]): ProposalItem[] {
  const wanted = new Set(keys.filter((k) => itemKeys(proposal).includes(k)));
  const items: ProposalItem[] = [];
  for (const key of wanted) {
    if (isValueType(key)) items.push({ kind: "value", type: key, value: proposal.values[key]! });
  }
  for (const option of proposal.options) if (wanted.has(`options:${option.id}`)) items.push({ kind: "option", option });
  for (const responsibility of proposal.responsibilities) if (wanted.has(`responsibilities:${responsibility.id}`)) items.push({ kind: "responsibility", responsibility });
  return items;
}

/** Spec 02 §4: toggling a content type adds or removes it, never twice; the order stays the spec's. */
export function toggleType(selected: readonly ContentType[], type: ContentType): ContentType[] {
  const next = selected.includes(type) ? selected.filter((t) => t !== type) : [...selected, type];
  return CONTENT_TYPES.filter((t) => next.includes(t));
}
