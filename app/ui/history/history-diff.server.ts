import { diffWords } from "diff";
import { changedFields, diffableTexts, parseValues, type ActivityValues, type DiffPart } from "./history-values";

/** The change of a long text as words kept, removed and added; null when a plain before/after reads better. */
export function historyDiff(key: string, before: unknown, after: unknown): DiffPart[] | null {
  const texts = diffableTexts(key, before, after);
  return texts ? diffWords(...texts).map((part) => ({ text: part.value, change: part.added ? "added" : part.removed ? "removed" : undefined })) : null;
}

/**
 * An activity with the word diffs of its changed long texts, for ActivityChanges. Computed where
 * the history is loaded: the diff library then stays on the server instead of in the scripts of
 * every page with a history (issue 34 §3).
 */
export function withWordDiffs<T extends ActivityValues>(activity: T): T & { diffs: Record<string, DiffPart[]> } {
  const before = parseValues(activity.old_values);
  const after = parseValues(activity.new_values);
  const diffs: Record<string, DiffPart[]> = {};
  for (const key of changedFields(activity)) {
    const diff = key in before && key in after ? historyDiff(key, before[key], after[key]) : null;
    if (diff) diffs[key] = diff;
  }
  return { ...activity, diffs };
}

/** A record's history (`historyFor`) with every activity's word diffs. */
export function historyWithDiffs<H extends { activities: ActivityValues[] }>(history: H): H {
  return { ...history, activities: history.activities.map(withWordDiffs) };
}
