import { useSyncExternalStore } from 'react';

import { ArrowUpIcon } from './Icons';
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
    <>
      {/*
        Only while the button shows: the page's end stays clear of it, and a page too short to
        scroll 300 px (the console's full-height frame) gets no extra room to scroll into.
      */}
      <div className={styles.space} aria-hidden="true" />
      <button type="button" className={styles.button} onClick={scrollUp} aria-label="Scroll to top">
        <ArrowUpIcon strokeWidth={2.4} />
      </button>
    </>
  );
}
