import { Link } from '@tanstack/react-router';

import type { Product } from '../../../../server/schemas/product';
import { formatRupees } from '../../../lib/money';
import { visuallyHidden } from '../../../styles/utilities.css';
import * as styles from './ProductCard.css';
import { artImage } from '../../../lib/art-image';

interface Props {
  product: Product;
  /** Slot for the cart control (Add button or quantity stepper). */
  action?: React.ReactNode;
  /** Above the fold: load the image at once and ahead of others (it is likely the largest paint). */
  priority?: boolean;
}

export function ProductCard({ product, action, priority = false }: Props) {
  return (
    <article className={styles.card} aria-label={product.name}>
      {product.discount > 0 && <span className={styles.badge}>{product.discount}% OFF</span>}
      <Link to="/products/$id" params={{ id: product.id }} className={styles.imageLink} tabIndex={-1} aria-hidden>
        <img
          className={styles.image}
          {...(product.photo
            ? { src: product.img, srcSet: product.photo.webp, sizes: '160px' }
            : artImage(product.img, '160px'))}
          alt=""
          width={160}
          height={160}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
        />
      </Link>
      <Link to="/products/$id" params={{ id: product.id }} className={styles.name}>
        {product.name}
      </Link>
      <span className={styles.pack}>
        {product.packSize}
        {product.inStock && product.stockNote && ` · ${product.stockNote}`}
      </span>
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
        {product.inStock ? action : <span className={styles.soldOut}>{product.stockNote}</span>}
      </div>
    </article>
  );
}
