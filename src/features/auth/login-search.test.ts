import { describe, expect, it } from 'vitest';

import { safeRedirect, validateLoginSearch } from './login-search';

describe('the login search params', () => {
  it('opens the dialog for login=1 and keeps a path on this site to continue to', () => {
    expect(validateLoginSearch({ login: 1, redirect: '/account/orders' })).toEqual({
      login: 1,
      redirect: '/account/orders',
    });
    expect(validateLoginSearch({ login: '1' })).toEqual({ login: 1 });
    expect(validateLoginSearch({ redirect: '/account' })).toEqual({});
    expect(validateLoginSearch({ login: 'yes' })).toEqual({});
  });

  it('refuses destinations off this site', () => {
    expect(safeRedirect('/checkout?step=2')).toBe('/checkout?step=2');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', 7]) {
      expect(safeRedirect(bad)).toBeNull();
    }
  });
});
