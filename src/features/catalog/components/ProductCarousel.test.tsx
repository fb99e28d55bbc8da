import { render, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';

import type { Product } from '../../../../server/schemas/product';
import { ProductCarousel } from './ProductCarousel';

const drawn = vi.hoisted(() => vi.fn());
// The card itself (links, pictures) is not what this test is about: it counts how often each is drawn.
vi.mock('./ProductCard', () => ({
  ProductCard: ({ product }: { product: Product }) => {
    drawn(product.id);
    return <span>{product.name}</span>;
  },
}));

const products = Array.from({ length: 6 }, (_, index) => ({ id: index + 1, name: `Product ${index + 1}` }) as Product);

describe('the product strip', () => {
  it('draws each card once: the slider placing itself does not draw the cards again', async () => {
    const commits = vi.fn();
    const { container } = render(
      <Profiler id="strip" onRender={commits}>
        <ProductCarousel products={products} label="What are you looking for?" />
      </Profiler>,
    );
    expect(screen.getAllByText(/^Product \d$/)).toHaveLength(6);
    // keen-slider has placed the slides (each has its inline style) and told the strip where it
    // stands: the strip's state changed and it was drawn again.
    await waitFor(() => expect(container.querySelectorAll('li:not([style])')).toHaveLength(0));
    await waitFor(() => expect(commits.mock.calls.length).toBeGreaterThan(1));
    expect(drawn).toHaveBeenCalledTimes(products.length);
  });
});
