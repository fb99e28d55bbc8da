import { Link } from '@tanstack/react-router';

import type { Product } from '../../../../server/schemas/product';
import { formatRupees } from '../../../lib/money';
import { visuallyHidden } from '../../../styles/utilities.css';
import * as styles from './ProductCard.css';

interface Props {
  product: Product;
  /** Slot for the cart control (Add button or quantity stepper). */
  action?: React.ReactNode;
}

export function ProductCard({ product, action }: Props) {
  return (
    <article className={styles.card} aria-label={product.name}>
      {product.discount > 0 && <span className={styles.badge}>{product.discount}% OFF</span>}
      <Link to="/products/$id" params={{ id: product.id }} className={styles.imageLink} tabIndex={-1} aria-hidden>
        <img
          className={styles.image}
          src={product.img}
          alt=""
          width={160}
          height={160}
          loading="lazy"
          decoding="async"
        />
      </Link>
      <Link to="/products/$id" params={{ id: product.id }} className={styles.name}>
        {product.name}
      </Link>
      <span className={styles.pack}>{product.packSize}</span>
      <div className={styles.footer}>
        <span className={styles.price} data-price={product.price}>
          {formatRupees(product.price)}
          {product.mrp > product.price && (
            <span className={styles.mrp}>
              <span className={visuallyHidden}>MRP </span>
              {formatRupees(product.mrp)}
            </span>
          )}
        </span>
        {product.inStock ? action : <span className={styles.soldOut}>Out of stock</span>}
      </div>
    </article>
  );
}
