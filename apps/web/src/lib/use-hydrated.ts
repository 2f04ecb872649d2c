import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * False while React adopts a page prerendered at build time (ADR 029), true after and on every page drawn
 * in the browser. What the build could not know (the address's query, the device) waits for true, so the
 * first render matches the HTML and React has no mismatch to repair (#418).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
