import { describe, expect, it } from 'vitest';

import { withStyleHashes } from './page-csp';

describe('withStyleHashes (decision 049)', () => {
  const policy = "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:";

  it("allows the page's own <style> elements by their hashes, and nothing else", () => {
    expect(withStyleHashes(policy, ['sha256-AAA=', 'sha256-BBB='])).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'sha256-AAA=' 'sha256-BBB=';img-src 'self' data:",
    );
  });

  it('leaves a policy alone with no hashes, or with styles allowed inline already', () => {
    expect(withStyleHashes(policy, [])).toBe(policy);
    // A hash would switch 'unsafe-inline' off (the checkout's policy with Razorpay).
    const inline = "default-src 'self';style-src 'self' 'unsafe-inline'";
    expect(withStyleHashes(inline, ['sha256-AAA='])).toBe(inline);
  });

  it('adds them where <style> elements are governed: style-src-elem first', () => {
    expect(withStyleHashes("style-src 'self';style-src-elem 'self'", ['sha256-AAA='])).toBe(
      "style-src 'self' 'sha256-AAA=';style-src-elem 'self' 'sha256-AAA='",
    );
    const inlineElements = "style-src 'self';style-src-elem 'self' 'unsafe-inline'";
    expect(withStyleHashes(inlineElements, ['sha256-AAA='])).toBe(inlineElements);
  });

  it('cannot when only default-src governs styles: the page must then link its stylesheets', () => {
    expect(withStyleHashes("default-src 'self';script-src 'self'", ['sha256-AAA='])).toBeNull();
  });
});
