import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ProductCarousel } from './LazyProductCarousel';

// The carousel's chunk has not arrived yet (a slow phone): the placeholder is what is on screen.
vi.mock('./ProductCarousel', () => new Promise(() => {}));

describe('the lazily loaded carousel', () => {
  it('is, while its code loads, a region with the carousel’s name, marked busy (a name needs a role)', () => {
    render(<ProductCarousel products={[]} label="What are you looking for?" />);
    const placeholder = screen.getByRole('region', { name: 'What are you looking for?' });
    expect(placeholder.getAttribute('aria-busy')).toBe('true');
  });
});
