import { describe, expect, it } from 'vitest';

import { errorForLog, pathForLog } from './logging';

describe('pathForLog', () => {
  it("keeps the path and the query's names, not its values", () => {
    expect(pathForLog('/api/geo/reverse?lat=12.9716&lng=77.5946')).toBe('/api/geo/reverse?lat&lng');
    expect(pathForLog('/api/product/search?q=milk&')).toBe('/api/product/search?q');
    expect(pathForLog('/api/address/abc')).toBe('/api/address/abc');
  });
});

describe('errorForLog', () => {
  it("drops the values a failed query carried, a pg error's detail, and long digit runs", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: '23505',
      detail: 'Key (mobile)=(9876543210) already exists.',
      constraint: 'x',
      parameters: ['Asha Rao'],
    });
    const error = Object.assign(
      new Error('Failed query: insert into "addresses" ("name") values ($1)\nparams: Asha Rao,9876543210,19.1363', {
        cause,
      }),
      { query: 'insert …', params: ['Asha Rao', '9876543210', 19.1363] },
    );
    const logged = errorForLog(error);
    const text = JSON.stringify(logged);
    for (const secret of ['Asha', '9876543210', '19.1363']) expect(text).not.toContain(secret);
    expect(logged).toMatchObject({
      type: 'Error',
      message: 'Failed query: insert into "addresses" ("name") values ($1)\nparams: [not logged]',
      cause: { code: '23505', constraint: 'x', message: 'duplicate key value violates unique constraint "x"' },
    });
    expect(errorForLog(new Error('MSG91 did not accept the message: invalid number 919876543210')).message).toBe(
      'MSG91 did not accept the message: invalid number [digits]',
    );
  });
});
