import { useEffect, useState } from 'react';

/**
 * The word to show in a placeholder that moves to the next word every `intervalMs` and wraps
 * around. While `paused` (the box has focus) the current word stays; the interval restarts on
 * resume.
 */
export function useRotatingPlaceholder(words: readonly string[], intervalMs: number, paused: boolean): string {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (paused || words.length < 2) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % words.length), intervalMs);
    return () => window.clearInterval(timer);
  }, [paused, words.length, intervalMs]);
  return words[index % words.length] ?? '';
}
