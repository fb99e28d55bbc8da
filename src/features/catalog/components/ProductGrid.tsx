import type { ReactNode } from 'react';

import type { Product } from '../../../../server/schemas/product';
import { ProductCard } from './ProductCard';
import * as styles from './ProductGrid.css';

interface Props {
  products: Product[];
  renderAction?: (product: Product) => ReactNode;
}

export function ProductGrid({ products, renderAction }: Props) {
  return (
    <ul className={styles.grid}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} action={renderAction?.(product)} />
        </li>
      ))}
    </ul>
  );
}
