import { describe, expect, it } from 'vitest';

import { pageIsWaiting } from './offline-wait';

describe('pageIsWaiting (offline)', () => {
  it('a route whose loader waits is waiting', () => {
    expect(pageIsWaiting({ routerLoading: true, spinner: false, heading: true })).toBe(true);
  });
  it('a page that shows only its spinner is waiting', () => {
    expect(pageIsWaiting({ routerLoading: false, spinner: true, heading: false })).toBe(true);
  });
  it('a page with its heading and a spinner for a part of it is not', () => {
    expect(pageIsWaiting({ routerLoading: false, spinner: true, heading: true })).toBe(false);
  });
  it('a page shown in full is not', () => {
    expect(pageIsWaiting({ routerLoading: false, spinner: false, heading: false })).toBe(false);
  });
});
