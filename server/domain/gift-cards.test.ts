import { describe, expect, it } from 'vitest';

import { generateGiftCardCode, hashGiftCardCode, normaliseGiftCardCode } from './gift-cards';

describe('gift card codes', () => {
  it('are 16 characters in groups of 4, without look-alike characters, and differ each time', () => {
    const codes = new Set(Array.from({ length: 200 }, generateGiftCardCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
  });

  it('are read forgivingly (case, spaces, dashes) and refused when they cannot be codes', () => {
    expect(normaliseGiftCardCode(' abcd-efgh jkmn-pqrs ')).toBe('ABCDEFGHJKMNPQRS');
    expect(normaliseGiftCardCode('ABCD')).toBeNull();
    expect(normaliseGiftCardCode('ABCD-EFGH-JKMN-PQR0')).toBeNull();
  });

  it('hash with a key, so a stolen table reveals nothing', () => {
    const a = hashGiftCardCode(Buffer.alloc(32, 1), 'ABCDEFGHJKMNPQRS');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(hashGiftCardCode(Buffer.alloc(32, 2), 'ABCDEFGHJKMNPQRS')).not.toBe(a);
  });
});
