import { describe, expect, it } from 'vitest';

import { isOwnMessage } from './thread-messages';

describe('isOwnMessage', () => {
  it('takes a message with one of the fields asked for', () => {
    expect(isOwnMessage({ ready: true, id: 3 }, 'ready', 'id')).toBe(true);
    expect(isOwnMessage({ id: 3, html: '' }, 'ready', 'id')).toBe(true);
    expect(isOwnMessage({ started: false, error: 'no space' }, 'started')).toBe(true);
  });

  it("passes over Node's own messages on a thread's port and anything that is not an object", () => {
    // What `node --watch` posts for each module a thread loads.
    expect(isOwnMessage({ 'watch:import': ['file:///srv/server/db/pglite-worker.mjs'] }, 'started')).toBe(false);
    expect(isOwnMessage({ 'watch:import': ['file:///srv/dist-server/ssr.js'] }, 'ready', 'id')).toBe(false);
    for (const message of [null, undefined, 'ready', 42, true]) expect(isOwnMessage(message, 'ready')).toBe(false);
  });
});
