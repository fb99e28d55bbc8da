import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { FaqsPage } from './FaqsPage';

vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children, ...rest }: { to: string; children: ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
}));

describe("FAQ's", () => {
  it('answers in native disclosures, with the store’s real charges and refund rules', () => {
    render(<FaqsPage />);
    expect(screen.getByRole('heading', { level: 1, name: "FAQ's" })).toBeTruthy();
    const question = screen.getByText('Is there a delivery charge?');
    const details = question.closest('details')!;
    expect(question.tagName).toBe('SUMMARY');
    expect(details.open).toBe(false);
    expect(details.textContent).toContain('Delivery costs ₹25 when your items total ₹99 or less');
    fireEvent.click(question);
    expect(details.open).toBe(true);

    const text = document.body.textContent!;
    for (const fact of [
      'A flat ₹5 on every order',
      'cash on delivery',
      'within 24 hours of delivery',
      'credited within 72 working hours',
      'Our items are edible',
      '6-digit one-time password',
      'Mumbai, Pune, Bangalore, Delhi and Noida',
    ]) {
      expect(text).toContain(fact);
    }
    for (const group of [
      'Delivery',
      'Charges and payment',
      'Refunds and replacements',
      'Account and sign-in',
      'Privacy',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: group })).toBeTruthy();
    }
  });

  it('names every way the checkout offers to pay', () => {
    render(<FaqsPage />);
    const answer = screen.getByText('How can I pay?').closest('details')!.textContent!.toLowerCase();
    // The checkout's choices (payment/constants.ts PAYMENT_METHOD_NAMES; this feature may not import it).
    for (const name of ['upi', 'card, net banking or wallet', 'cash on delivery']) expect(answer).toContain(name);
    expect(answer).toContain('e-gift card');
    expect(answer).not.toContain('become available');
  });
});
