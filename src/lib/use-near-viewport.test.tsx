import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useNearViewport } from './use-near-viewport';

function Strip() {
  const [ref, near] = useNearViewport<HTMLElement>('400px');
  return <section ref={ref}>{near ? 'cards' : 'waiting'}</section>;
}

/** An IntersectionObserver the test drives: what it observes, with which margin, and a way to fire it. */
function fakeObserver() {
  const observers: {
    callback: IntersectionObserverCallback;
    margin?: string;
    observed: Element[];
    disconnected: boolean;
  }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry;
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.entry = { callback, margin: options?.rootMargin, observed: [] as Element[], disconnected: false };
        observers.push(this.entry);
      }
      observe(node: Element) {
        this.entry.observed.push(node);
      }
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
  const fire = (isIntersecting: boolean) =>
    act(() => {
      for (const o of observers.filter((o) => !o.disconnected))
        o.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
  return { observers, fire };
}

afterEach(() => vi.unstubAllGlobals());

describe('useNearViewport', () => {
  it('draws the part only once it comes within the margin of the screen, then stops watching', () => {
    const { observers, fire } = fakeObserver();
    render(<Strip />);
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(observers[0]?.margin).toBe('400px 0px');
    expect(observers[0]?.observed).toHaveLength(1);
    fire(false);
    expect(screen.getByText('waiting')).toBeTruthy();
    fire(true);
    expect(screen.getByText('cards')).toBeTruthy();
    expect(observers.every((o) => o.disconnected)).toBe(true);
  });

  it('draws it at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Strip />);
    expect(screen.getByText('cards')).toBeTruthy();
  });
});
