import type { PaymentChoice } from '../payment';

/** The shopper's last payment choice, remembered on this device (a preference, not an account's data). */
const STORAGE_KEY = 'checkout-payment-method';
const CHOICES: readonly PaymentChoice[] = ['upi', 'card', 'cod'];

export function rememberedChoice(): PaymentChoice {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return CHOICES.includes(stored as PaymentChoice) ? (stored as PaymentChoice) : 'cod';
  } catch {
    return 'cod';
  }
}

export function rememberChoice(choice: PaymentChoice) {
  try {
    localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Storage refused: the choice lasts as long as the page.
  }
}
