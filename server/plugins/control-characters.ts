/**
 * C0 controls (U+0000-U+001F), DEL (U+007F) and UTF-16 surrogates that are not part of a pair.
 * No field the API takes is multi-line, so tab and newline are refused too: a NUL makes
 * PostgreSQL fail the query, and the others only ever arrive from scripts and attacks.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a string holds a character no text field accepts. */
export const hasControlCharacter = (text: string): boolean => FORBIDDEN.test(text);

/**
 * The path (`gps.latitude`, `items.0.name`) of the first string in a request part (params,
 * query, body) that holds a control character or a lone surrogate; undefined when there is none.
 */
export function controlCharacterField(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return hasControlCharacter(value) ? path || 'value' : undefined;
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    // A key is itself client text: name it by its parent when it is the bad part.
    if (hasControlCharacter(key)) return path || 'body';
    const found = controlCharacterField(child, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}
