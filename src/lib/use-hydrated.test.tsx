import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { useHydrated } from './use-hydrated';

function Send() {
  return <button disabled={!useHydrated()}>Send</button>;
}

describe('useHydrated', () => {
  it('is false in the server’s page, true once React has hydrated it, with nothing to redraw', () => {
    const html = renderToString(<Send />);
    expect(html).toContain('disabled');
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = html;
    const server = container.querySelector('button');
    const differences: unknown[] = [];
    render(<Send />, { container, hydrate: true, onRecoverableError: (error) => differences.push(error) });
    expect(screen.getByRole('button', { name: 'Send' })).toBe(server);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(false);
    expect(differences).toEqual([]);
  });

  it('is true at once in a render of the browser’s own', () => {
    render(<Send />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(false);
  });
});
