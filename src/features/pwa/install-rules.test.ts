import { describe, expect, it } from 'vitest';

import {
  countVisit,
  INSTALL_SNOOZE_DAYS,
  isIosSafari,
  readDismissedAt,
  rememberDismissal,
  shouldInviteInstall,
} from './install-rules';

const now = Date.UTC(2025, 0, 15);
const DAY = 24 * 60 * 60 * 1000;
const base = { visits: 1, openedCart: false, engaged: true, dismissedAt: null, now, standalone: false };

describe('shouldInviteInstall', () => {
  it('waits for a second visit or a look at the cart', () => {
    expect(shouldInviteInstall(base)).toBe(false);
    expect(shouldInviteInstall({ ...base, visits: 2 })).toBe(true);
    expect(shouldInviteInstall({ ...base, openedCart: true })).toBe(true);
  });

  it("waits for the shopper's first input on the page", () => {
    expect(shouldInviteInstall({ ...base, visits: 2, engaged: false })).toBe(false);
    expect(shouldInviteInstall({ ...base, openedCart: true, engaged: false })).toBe(false);
  });

  it('does not nag after "Not now" until the snooze is over', () => {
    const interested = { ...base, visits: 5 };
    expect(shouldInviteInstall({ ...interested, dismissedAt: now - DAY })).toBe(false);
    expect(shouldInviteInstall({ ...interested, dismissedAt: now - (INSTALL_SNOOZE_DAYS - 1) * DAY })).toBe(false);
    expect(shouldInviteInstall({ ...interested, dismissedAt: now - (INSTALL_SNOOZE_DAYS + 1) * DAY })).toBe(true);
  });

  it('never asks inside the installed app', () => {
    expect(shouldInviteInstall({ ...base, visits: 9, openedCart: true, standalone: true })).toBe(false);
  });
});

describe('isIosSafari', () => {
  const iphoneSafari =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
  it('recognises Safari on iPhone and on iPad (which says Macintosh)', () => {
    expect(isIosSafari(iphoneSafari, 5)).toBe(true);
    expect(
      isIosSafari(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
        5,
      ),
    ).toBe(true);
  });

  it('leaves out desktop Safari, Chrome on iOS and Android', () => {
    expect(
      isIosSafari(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
        0,
      ),
    ).toBe(false);
    expect(isIosSafari(iphoneSafari.replace('Version/17.4', 'CriOS/124.0'), 5)).toBe(false);
    expect(
      isIosSafari(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
        5,
      ),
    ).toBe(false);
  });
});

describe('visit counting and dismissal', () => {
  it('counts a visit once per browser session', () => {
    localStorage.clear();
    sessionStorage.clear();
    expect(countVisit(localStorage, sessionStorage)).toBe(1);
    expect(countVisit(localStorage, sessionStorage)).toBe(1);
    sessionStorage.clear();
    expect(countVisit(localStorage, sessionStorage)).toBe(2);
  });

  it('remembers when the invitation was dismissed', () => {
    localStorage.clear();
    expect(readDismissedAt(localStorage)).toBeNull();
    rememberDismissal(localStorage, now);
    expect(readDismissedAt(localStorage)).toBe(now);
  });
});
