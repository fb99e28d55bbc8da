import { afterEach, beforeEach, vi } from 'vitest';

/** A test that makes the code log an error or a warning fails: those are bugs we would ship. */
export function failOnConsole() {
  const calls: string[] = [];
  beforeEach(() => {
    calls.length = 0;
    for (const level of ['error', 'warn'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        calls.push(`console.${level}: ${args.map(String).join(' ')}`);
      });
    }
  });
  afterEach(() => {
    if (calls.length > 0) throw new Error(`Unexpected console output:\n${calls.join('\n')}`);
  });
}
