import { useEffect, useRef, useState, type Ref } from 'react';

import * as styles from './QuantityStepper.css';

interface Props {
  quantity: number;
  onIncrement: () => void;
  onDecrement: () => void;
  /** The group's accessible name, e.g. 'Fresh Tomato quantity'. */
  label?: string;
  /** Minus is disabled at this quantity (the product page keeps at least 1; the cart removes at 0). */
  min?: number;
  /** Plus does nothing at this quantity. */
  max?: number;
  /** Why plus does nothing at `max`: its tooltip, and shown above the stepper when plus is pressed there. */
  maxNote?: string;
  size?: 'sm' | 'md';
  incrementRef?: Ref<HTMLButtonElement>;
  decrementRef?: Ref<HTMLButtonElement>;
}

/** How long the note at `max` stays up after plus is pressed there. */
export const MAX_NOTE_MS = 3000;

/**
 * Minus, count, plus. The count is announced when it changes. At `max` plus stays focusable
 * (`aria-disabled`): a press there shows and announces `maxNote`, which a tooltip alone never
 * did on a phone.
 */
export function QuantityStepper({
  quantity,
  onIncrement,
  onDecrement,
  label,
  min,
  max,
  maxNote,
  size = 'sm',
  incrementRef,
  decrementRef,
}: Props) {
  const atMax = max !== undefined && quantity >= max;
  // Presses of plus at `max` since the note was last hidden: each one shows it for MAX_NOTE_MS more.
  const [notePresses, setNotePresses] = useState(0);
  if (notePresses > 0 && !atMax) setNotePresses(0);
  useEffect(() => {
    if (notePresses === 0) return;
    const timer = setTimeout(() => setNotePresses(0), MAX_NOTE_MS);
    return () => clearTimeout(timer);
  }, [notePresses]);
  const noteShown = notePresses > 0;
  // Seen, not under the page's sticky header (the root's scroll padding): the page moves if need be.
  const noteRef = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (noteShown) noteRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [noteShown]);
  return (
    <div role="group" aria-label={label} className={styles.stepper[size]}>
      <button
        ref={decrementRef}
        type="button"
        className={styles.button}
        aria-label="Decrease quantity"
        disabled={min !== undefined && quantity <= min}
        onClick={onDecrement}
      >
        <span aria-hidden>−</span>
      </button>
      <span className={styles.count} aria-live="polite" aria-atomic>
        {quantity}
      </span>
      <button
        ref={incrementRef}
        type="button"
        className={styles.button}
        aria-label="Increase quantity"
        aria-disabled={atMax || undefined}
        title={atMax ? maxNote : undefined}
        onClick={atMax ? () => setNotePresses((presses) => presses + 1) : onIncrement}
      >
        <span aria-hidden>+</span>
      </button>
      {atMax && maxNote && (
        <span ref={noteRef} role="status" className={noteShown ? styles.note : styles.noteSlot}>
          {noteShown && maxNote}
        </span>
      )}
    </div>
  );
}
