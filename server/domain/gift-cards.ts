import { createHmac, randomInt } from 'node:crypto';

/**
 * E-gift card codes: 16 characters from a 32-letter alphabet without look-alikes (no 0/O, 1/I),
 * 80 random bits, shown as XXXX-XXXX-XXXX-XXXX. Only an HMAC is stored. With at most
 * REDEEM_FAILURES_PER_HOUR wrong tries an hour per customer, guessing is hopeless.
 */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 16;

export const REDEEM_FAILURES_PER_HOUR = 5;
export const MAX_GIFT_CARD_PAISE = 10_000_00;

export function generateGiftCardCode(): string {
  let raw = '';
  for (let i = 0; i < CODE_LENGTH; i++) raw += ALPHABET[randomInt(ALPHABET.length)];
  return raw.match(/.{4}/g)!.join('-');
}

/** Upper case without spaces and dashes; null when it cannot be a code at all. */
export function normaliseGiftCardCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== CODE_LENGTH) return null;
  for (const ch of code) if (!ALPHABET.includes(ch)) return null;
  return code;
}

export function hashGiftCardCode(key: Buffer, normalisedCode: string): string {
  return createHmac('sha256', key).update(`giftcard:${normalisedCode}`).digest('hex');
}

export const GIFT_CARD_MESSAGES = {
  invalid: 'This gift card code is not valid. Check the code and try again.',
  used: 'This gift card has already been redeemed.',
  expired: 'This gift card has expired.',
  tooMany: 'Too many wrong gift card codes. Please try again in an hour.',
  redeemed: (rupees: string) => `${rupees} added to your gift card balance.`,
} as const;
