import { useEffect, useRef } from "react";

/**
 * For a field whose value a component keeps in state: what the user typed, picked or ticked before
 * the page came to life reached React without a change event (and a controlled field would be
 * reset by the next render). Hand `read` the element once, after hydration, to take it over.
 */
export function useReadBack<E extends HTMLElement>(read: (element: E) => void) {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (ref.current) read(ref.current);
  }, []); // once, at mount: later changes arrive as events
  return ref;
}
