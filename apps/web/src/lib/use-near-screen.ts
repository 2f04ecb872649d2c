import { useCallback, useState } from 'react';

// How far below (or beside) the screen a part starts loading, so its data is usually there when it is seen.
const NEAR = '400px';

/**
 * True once the element given to the returned ref comes within NEAR of the screen, and from then on. The
 * landing asks for its below-the-fold data (course list, store links) this way, so a guest's first visit
 * loads neither the requests nor the contract and zod that parse them (ADR 028). Where the browser has no
 * IntersectionObserver the element counts as near at once.
 */
export function useNearScreen<E extends Element>(): [ref: (element: E | null) => void, near: boolean] {
  // Not near at first everywhere, the prerender (ADR 029, no IntersectionObserver in Node) included, so the
  // browser's first render matches the prerendered HTML and hydration keeps its nodes.
  const [near, setNear] = useState(false);
  const ref = useCallback(
    (element: E | null) => {
      if (!element || near) return undefined;
      if (typeof IntersectionObserver === 'undefined') {
        setNear(true);
        return undefined;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setNear(true);
            observer.disconnect();
          }
        },
        { rootMargin: NEAR },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [near],
  );
  return [ref, near];
}
