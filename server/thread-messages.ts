/**
 * Whether a message from a thread is one of ours, with one of `fields` in it. Node itself posts on a
 * thread's port too: under `node --watch` (`npm run dev`), each module the thread loads is
 * reported as `{ 'watch:import': [...] }`, which the PGlite thread's start once took for its
 * failure.
 */
export function isOwnMessage(message: unknown, ...fields: string[]): boolean {
  return typeof message === 'object' && message !== null && fields.some((field) => field in message);
}
