import { useCallback, useState } from 'react';

/**
 * Whether an element has come within `margin` of the viewport (once true, it stays true): for a
 * part below the fold that is costly to draw, so that the page's first seconds are spent on what
 * is on screen (issue 20). False on the server and on the first render in the browser, so that a
 * hydrated page matches the server's; true at once where IntersectionObserver is missing.
 *
 *   const [ref, near] = useNearViewport<HTMLElement>('400px');
 *   <section ref={ref}>{near ? <Costly /> : <Placeholder />}</section>
 */
export function useNearViewport<T extends Element>(margin: string): [(node: T | null) => void, boolean] {
  const [near, setNear] = useState(false);
  const ref = useCallback(
    (node: T | null) => {
      if (!node || near) return;
      if (typeof IntersectionObserver === 'undefined') {
        setNear(true);
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          setNear(true);
        },
        { rootMargin: `${margin} 0px` },
      );
      observer.observe(node);
      return () => observer.disconnect();
    },
    [margin, near],
  );
  return [ref, near];
}
