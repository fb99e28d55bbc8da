import { describe, expect, it } from 'vitest';

import { isConsolePath } from './console-path';

describe('isConsolePath', () => {
  it('is the console at /ops and everything below it', () => {
    for (const path of ['/ops', '/ops/', '/ops/audit', '/ops/orders/12']) expect(isConsolePath(path), path).toBe(true);
  });

  it('is not a shopper page that only starts with the same letters', () => {
    for (const path of ['/', '/opsie', '/op', '/products/ops', '/search', '/account/ops']) {
      expect(isConsolePath(path), path).toBe(false);
    }
  });
});
