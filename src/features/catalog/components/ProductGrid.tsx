import type { ReactNode } from 'react';

import type { Product } from '../../../../server/schemas/product';
import { ProductCard } from './ProductCard';
import * as styles from './ProductGrid.css';

/** Cards in the first screenful load their images at once; the rest wait until scrolled near. */
const EAGER_IMAGES = 6;

interface Props {
  products: Product[];
  renderAction?: (product: Product) => ReactNode;
}

export function ProductGrid({ products, renderAction }: Props) {
  return (
    <ul className={styles.grid}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} action={renderAction?.(product)} priority={index < EAGER_IMAGES} />
        </li>
      ))}
    </ul>
  );
}
