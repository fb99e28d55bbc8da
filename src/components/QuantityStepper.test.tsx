import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { QuantityStepper } from './QuantityStepper';

const stepper = (quantity: number) =>
  render(
    <QuantityStepper
      quantity={quantity}
      label="Fresh Tomato quantity"
      max={50}
      maxNote="Up to 50 of each item per order"
      onIncrement={vi.fn()}
      onDecrement={vi.fn()}
    />,
  );

describe('QuantityStepper', () => {
  it('stops plus at the most allowed and says why', () => {
    stepper(50);
    const plus = screen.getByRole<HTMLButtonElement>('button', { name: 'Increase quantity' });
    expect(plus.disabled).toBe(true);
    expect(plus.title).toBe('Up to 50 of each item per order');
  });

  it('leaves plus working, without the note, below it', () => {
    stepper(49);
    const plus = screen.getByRole<HTMLButtonElement>('button', { name: 'Increase quantity' });
    expect(plus.disabled).toBe(false);
    expect(plus.hasAttribute('title')).toBe(false);
  });
});
