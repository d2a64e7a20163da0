import { useCallback, useEffect, useRef, useState } from "react";
import type { FactoryArea, FactoryCatalogueItem, FactoryCategory, FactoryLists, FactoryServiceItem, ListName, PageAnswer } from "../factory-types";

/**
 * The walk through the template's lists with JS (spec 02 §4 "Factory lists load page by page
 * until the last page"): first page 1 of every list — then the whole number of pages is known —
 * then the remaining pages one after the other, with the progress for the indicator.
 */
export interface WalkState {
  status: "idle" | "loading" | "done" | "failed";
  lists: FactoryLists | null;
  /** Pages fetched and pages known so far; the list and page being fetched. */
  progress: { done: number; total: number; list: ListName; page: number; last: number } | null;
  error: string | null;
}

const PAGED: ListName[] = ["areas", "categories", "services"];

async function fetchPage(list: ListName, page: number, signal: AbortSignal): Promise<Extract<PageAnswer, { ok: true }>> {
  let answer: PageAnswer;
  try {
    const response = await fetch(`/factory/catalog/pages?list=${list}&page=${page}`, { headers: { Accept: "application/json" }, signal });
    answer = (await response.json()) as PageAnswer;
  } catch (error) {
    if (signal.aborted) throw error;
    // Our own server did not answer: the same "Connection error" the template server's silence gives.
    answer = { ok: false, error: "factory.errors.connection" };
  }
  if (!answer.ok) throw new WalkError(answer.error);
  return answer;
}

class WalkError extends Error {}

export function useFactoryWalk() {
  const [state, setState] = useState<WalkState>({ status: "idle", lists: null, progress: null, error: null });
  const running = useRef<AbortController | null>(null);

  const start = useCallback(() => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const items: Record<ListName, unknown[]> = { catalogues: [], areas: [], categories: [], services: [] };
    const last: Record<ListName, number> = { catalogues: 1, areas: 1, categories: 1, services: 1 };
    let done = 0;
    const total = () => 1 + PAGED.reduce((sum, list) => sum + last[list], 0);
    const step = (list: ListName, page: number) =>
      setState((s) => ({ ...s, status: "loading", error: null, progress: { done, total: total(), list, page, last: last[list] } }));
    const run = async () => {
      step("catalogues", 1);
      items.catalogues.push(...(await fetchPage("catalogues", 1, controller.signal)).items);
      done++;
      for (const list of PAGED) {
        step(list, 1);
        const first = await fetchPage(list, 1, controller.signal);
        last[list] = first.lastPage;
        items[list].push(...first.items);
        done++;
      }
      for (const list of PAGED) {
        for (let page = 2; page <= last[list]; page++) {
          step(list, page);
          items[list].push(...(await fetchPage(list, page, controller.signal)).items);
          done++;
        }
      }
      // A service that moved between two pages while they were read comes once.
      const seen = new Set<number>();
      const services = (items.services as FactoryServiceItem[]).filter((s) => !seen.has(s.id) && seen.add(s.id));
      const lists: FactoryLists = {
        catalogues: items.catalogues as FactoryCatalogueItem[],
        areas: items.areas as FactoryArea[],
        categories: items.categories as FactoryCategory[],
        services,
      };
      if (!controller.signal.aborted) setState({ status: "done", lists, progress: null, error: null });
    };
    run().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      setState((s) => ({ ...s, status: "failed", progress: null, error: error instanceof WalkError ? error.message : "factory.errors.catalogue" }));
    });
  }, []);

  useEffect(() => () => running.current?.abort(), []);
  return { ...state, start };
}
