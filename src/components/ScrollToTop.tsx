import { useSyncExternalStore } from 'react';

import * as styles from './ScrollToTop.css';

/** Spec point 9: the scroll-to-top button appears after 300 px of scroll. */
export const SCROLL_TO_TOP_THRESHOLD_PX = 300;

function subscribe(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

const isPastThreshold = () => window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX;

export function ScrollToTop() {
  const visible = useSyncExternalStore(subscribe, isPastThreshold, () => false);
  if (!visible) return null;
  const scrollUp = () => {
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  };
  return (
    <button type="button" className={styles.button} onClick={scrollUp} aria-label="Scroll to top">
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden focusable="false">
        <path
          d="M10 16V4M4.5 9.5L10 4l5.5 5.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
