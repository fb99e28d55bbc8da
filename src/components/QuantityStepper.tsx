import type { Ref } from 'react';

import * as styles from './QuantityStepper.css';

interface Props {
  quantity: number;
  onIncrement: () => void;
  onDecrement: () => void;
  /** The group's accessible name, e.g. 'Fresh Tomato quantity'. */
  label?: string;
  /** Minus is disabled at this quantity (the product page keeps at least 1; the cart removes at 0). */
  min?: number;
  /** Plus is disabled at this quantity. */
  max?: number;
  /** Why plus is disabled at `max`: its tooltip and part of its accessible description. */
  maxNote?: string;
  size?: 'sm' | 'md';
  incrementRef?: Ref<HTMLButtonElement>;
  decrementRef?: Ref<HTMLButtonElement>;
}

/** Minus, count, plus. The count is announced when it changes. */
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
        disabled={atMax}
        title={atMax ? maxNote : undefined}
        onClick={onIncrement}
      >
        <span aria-hidden>+</span>
      </button>
    </div>
  );
}
