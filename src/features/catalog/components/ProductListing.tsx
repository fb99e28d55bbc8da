import { useEffect, useRef, type ReactNode } from 'react';

import type { Product } from '../../../../server/schemas/product';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import type { ProductFilters } from '../api/search-products';
import { useProductList } from '../api/use-product-list';
import type { Listing } from '../listing';
import { ProductGrid } from './ProductGrid';
import * as styles from './ProductListing.css';
import { artImage } from '../../../lib/art-image';

interface Props {
  listing: Listing;
  selected: string | undefined;
  onSelect: (key: string | undefined) => void;
  filters: Omit<ProductFilters, 'page'>;
  /** The sort control, rendered in the toolbar. */
  sortControl?: ReactNode;
  renderAction?: (product: Product) => ReactNode;
}

/** A category listing: the sidebar, 'Buy {category} Online', sorting and an endless product grid. */
export function ProductListing({ listing, selected, onSelect, filters, sortControl, renderAction }: Props) {
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage, isPlaceholderData, isError, refetch } =
    useProductList(filters);
  const products = data?.pages.flatMap((page) => page.data) ?? [];
  const total = data?.pages[0]?.total ?? 0;
  const active = listing.sidebar.find((entry) => entry.key === selected) ?? listing.sidebar[0];
  const sentinel = useRef<HTMLDivElement>(null);

  // Load the next page as the end of the grid comes near; the button stays for keyboards.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  return (
    <div className={styles.layout}>
      <nav className={styles.sidebar} aria-label={`${listing.title} categories`}>
        <ul className={styles.sidebarList}>
          {listing.sidebar.map((entry) => (
            <li key={entry.key ?? 'all'}>
              <button
                type="button"
                className={styles.entry}
                aria-current={entry === active}
                onClick={() => onSelect(entry.key)}
              >
                {entry.image && (
                  <img
                    className={styles.entryImage}
                    {...artImage(entry.image, '44px', 128)}
                    alt=""
                    width={44}
                    height={44}
                  />
                )}
                {entry.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section className={styles.content} aria-labelledby="listing-title">
        <div className={styles.toolbar}>
          <div>
            <h1 id="listing-title" className={styles.title}>
              Buy {active && active.key ? active.label : listing.title} Online
            </h1>
            {data && (
              <p className={styles.count} aria-live="polite">
                {total} {total === 1 ? 'item' : 'items'}
              </p>
            )}
          </div>
          {sortControl}
        </div>
        {!data ? (
          isError ? (
            <div className={styles.empty} role="alert">
              <p>We could not load these products. Check your connection and try again.</p>
              <Button onClick={() => void refetch()}>Try again</Button>
            </div>
          ) : (
            <Spinner label="Loading products" />
          )
        ) : products.length === 0 ? (
          <p className={styles.empty}>No products here yet. Try another category.</p>
        ) : (
          <div aria-busy={isPlaceholderData} className={isPlaceholderData ? styles.updating : undefined}>
            <ProductGrid products={products} renderAction={renderAction} />
          </div>
        )}
        <div ref={sentinel} />
        {hasNextPage && (
          <div className={styles.more}>
            {isFetchingNextPage ? (
              <Spinner label="Loading more products" />
            ) : (
              <Button tone="outline" onClick={() => void fetchNextPage()}>
                Load more
              </Button>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
