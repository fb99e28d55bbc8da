import { describe, expect, it } from 'vitest';

import { filenameFrom } from './export-my-data';

describe('filenameFrom', () => {
  it("uses the server's file name, else a sensible default", () => {
    expect(filenameFrom('attachment; filename="quickcart-my-data.json"')).toBe('quickcart-my-data.json');
    expect(filenameFrom("attachment; filename*=UTF-8''my%20data.json")).toBe('my data.json');
    expect(filenameFrom('attachment')).toBe('quickcart-my-data.json');
    expect(filenameFrom(null)).toBe('quickcart-my-data.json');
  });
});
