import { useCallback, useEffect, useRef, useState } from "react";
import { RESPONSES_KEY, type AiResponse, type GeneratedService } from "../ai";

/**
 * The create flow's responses in the browser (spec 02 §3, §4): kept in localStorage under
 * `aiResponses`; a request is first an empty placeholder (waiting) that is filled on success or
 * removed on failure, with the error kept beside the list. Read back, a response without a
 * service (a request that never finished) is discarded.
 */

export interface RequestError {
  id: string;
  requestedName: string;
  message: string;
}

/** A waiting request: what it sends once its delay has passed. */
export interface PendingRequest {
  id: string;
  requestedName: string;
  delay: number;
  name: string;
  description: string;
}

function isService(value: unknown): value is GeneratedService {
  if (!value || typeof value !== "object") return false;
  const s = value as Record<string, unknown>;
  return typeof s.name === "string" && Array.isArray(s.options) && Array.isArray(s.responsibilities);
}

/** Spec 02 §3: responses without a service are discarded when read back. */
export function readResponses(raw: string | null): AiResponse[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((r) =>
      r && typeof r === "object" && typeof r.id === "string" && isService(r.service)
        ? [{ id: r.id, requestedName: String(r.requestedName ?? r.service.name), delay: Number(r.delay) || 0, service: r.service }]
        : [],
    );
  } catch {
    return [];
  }
}

export function useAiResponses() {
  const [responses, setResponses] = useState<AiResponse[]>([]);
  const [pending, setPending] = useState<PendingRequest[]>([]);
  const [errors, setErrors] = useState<RequestError[]>([]);
  const loaded = useRef(false);
  const current = useRef(responses);
  current.current = responses;

  useEffect(() => {
    setResponses(readResponses(window.localStorage.getItem(RESPONSES_KEY)));
    loaded.current = true;
  }, []);
  useEffect(() => {
    if (loaded.current) window.localStorage.setItem(RESPONSES_KEY, JSON.stringify(responses));
  }, [responses]);

  /** Marks a request as waiting: an empty response is added, the request waits for its delay. */
  const request = useCallback((input: Omit<PendingRequest, "id">) => {
    const id = crypto.randomUUID();
    setPending((list) => [...list, { ...input, id }]);
    setResponses((list) => [...list, { id, requestedName: input.requestedName, delay: input.delay, service: null }]);
  }, []);

  /** The request's answer: the response is filled, or removed and the error kept. */
  const settle = useCallback((id: string, outcome: { service: GeneratedService } | { message: string }) => {
    setPending((list) => list.filter((p) => p.id !== id));
    if ("service" in outcome) {
      setResponses((list) => list.map((r) => (r.id === id ? { ...r, service: outcome.service } : r)));
      return;
    }
    const gone = current.current.find((r) => r.id === id);
    setErrors((errs) => [...errs, { id, requestedName: gone?.requestedName ?? "", message: outcome.message }]);
    setResponses((list) => list.filter((r) => r.id !== id));
  }, []);

  const remove = useCallback((ids: readonly string[]) => setResponses((list) => list.filter((r) => !ids.includes(r.id))), []);
  const dismiss = useCallback((id: string) => setErrors((list) => list.filter((e) => e.id !== id)), []);

  return { responses, pending, errors, request, settle, remove, dismiss };
}
