import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MAX_NOTE_MS, QuantityStepper } from './QuantityStepper';

const NOTE = 'Up to 50 of each item per order';

const tomato = (quantity: number, onIncrement = vi.fn()) => (
  <QuantityStepper
    quantity={quantity}
    label="Fresh Tomato quantity"
    max={50}
    maxNote={NOTE}
    onIncrement={onIncrement}
    onDecrement={vi.fn()}
  />
);

const stepper = (quantity: number, onIncrement = vi.fn()) => render(tomato(quantity, onIncrement));

const plus = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Increase quantity' });

afterEach(() => {
  vi.useRealTimers();
});

describe('QuantityStepper', () => {
  it('stops plus at the most allowed, and says why in its tooltip', () => {
    stepper(50);
    expect(plus().getAttribute('aria-disabled')).toBe('true');
    // Still focusable and pressable: a press is how a phone asks why.
    expect(plus().disabled).toBe(false);
    expect(plus().title).toBe(NOTE);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows and announces why when plus is pressed at the most allowed, then hides it', () => {
    vi.useFakeTimers();
    const onIncrement = vi.fn();
    stepper(50, onIncrement);
    fireEvent.click(plus());
    expect(onIncrement).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe(NOTE);
    act(() => vi.advanceTimersByTime(MAX_NOTE_MS));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('keeps the note up while plus is pressed again', () => {
    vi.useFakeTimers();
    stepper(50);
    fireEvent.click(plus());
    act(() => vi.advanceTimersByTime(MAX_NOTE_MS - 500));
    fireEvent.click(plus());
    act(() => vi.advanceTimersByTime(MAX_NOTE_MS - 500));
    expect(screen.getByRole('status').textContent).toBe(NOTE);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('drops the note once the quantity is under the most allowed again', () => {
    const { rerender } = stepper(50);
    fireEvent.click(plus());
    expect(screen.getByRole('status').textContent).toBe(NOTE);
    rerender(tomato(49));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('leaves plus working, without the note, below it', () => {
    const onIncrement = vi.fn();
    stepper(49, onIncrement);
    expect(plus().hasAttribute('aria-disabled')).toBe(false);
    expect(plus().hasAttribute('title')).toBe(false);
    fireEvent.click(plus());
    expect(onIncrement).toHaveBeenCalledOnce();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
