import { Link } from '@tanstack/react-router';

import type { Category, CategoryGroup } from '../../../../server/schemas/category';
import * as styles from './HomeCategories.css';
import { artImage } from '../../../lib/art-image';

/** The Grocery & Kitchen tile: the whole group, linking to its listing route. */
export function GroceryKitchenTile({ group, categories }: { group: CategoryGroup; categories: Category[] }) {
  const members = categories.filter((c) => group.categories.includes(c.slug));
  return (
    <Link to="/$category" params={{ category: group.slug }} className={styles.groceryTile}>
      <span>
        <span className={styles.groceryTitle}>{group.name}</span>
        <br />
        <span className={styles.groceryText}>
          {members.length} categories · {members.reduce((n, c) => n + c.productCount, 0)} products
        </span>
      </span>
      <span className={styles.groceryImages} aria-hidden>
        {members.slice(0, 3).map((c) => (
          <img
            key={c.slug}
            className={styles.groceryImage}
            {...artImage(c.image, '56px', 128)}
            alt=""
            width={56}
            height={56}
          />
        ))}
      </span>
    </Link>
  );
}

/** Mobile: six category cards, each a collage of its products with a '+N more' badge. */
export function CategoryCards({ categories }: { categories: Category[] }) {
  return (
    <ul className={styles.cardGrid} aria-label="Shop by category">
      {categories.slice(0, 6).map((category) => {
        const images = category.previewImages.slice(0, 4);
        const more = category.productCount - images.length;
        return (
          <li key={category.slug}>
            <Link to="/$category" params={{ category: category.slug }} className={styles.card}>
              <span className={styles.collage}>
                {images.map((src) => (
                  <img
                    key={src}
                    className={styles.collageImage}
                    {...artImage(src, '48px', 128)}
                    alt=""
                    width={48}
                    height={48}
                    loading="lazy"
                  />
                ))}
                {more > 0 && <span className={styles.more}>+{more} more</span>}
              </span>
              {category.name}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

const PROMOS = [
  {
    slug: 'vegetables-fruits',
    title: 'Farm-fresh fruits & vegetables',
    text: 'Picked this morning, at your door in minutes',
    cta: 'Order now',
    tone: 'green',
  },
  {
    slug: 'dairy-breakfast',
    title: 'Milk, bread & breakfast',
    text: 'Start the day without a trip to the shop',
    cta: 'Shop breakfast',
    tone: 'yellow',
  },
  {
    slug: 'household-essentials',
    title: 'Atta, rice, dal & more',
    text: 'Stock the kitchen with everyday staples',
    cta: 'Stock up',
    tone: 'blue',
  },
] as const;

/** Promo banner cards, three per row from the md breakpoint up. */
export function PromoGrid({ categories }: { categories: Category[] }) {
  const bySlug = new Map(categories.map((c) => [c.slug, c]));
  return (
    <ul className={styles.promoGrid} aria-label="Offers">
      {PROMOS.filter((promo) => bySlug.has(promo.slug)).map((promo, index) => (
        <li key={promo.slug}>
          <Link
            to="/$category"
            params={{ category: promo.slug }}
            className={`${styles.promo} ${styles.promoTone[promo.tone]}`}
          >
            <span>
              <span className={styles.promoTitle}>{promo.title}</span>
              <span className={styles.promoText}>{promo.text}</span>
              <span className={styles.promoCta}>{promo.cta}</span>
            </span>
            <img
              className={styles.promoImage}
              {...artImage(bySlug.get(promo.slug)!.image, '96px', 128)}
              alt=""
              width={96}
              height={96}
              // The first row is the largest paint on most screens: fetch it ahead of the rest.
              fetchPriority={index < 3 ? 'high' : undefined}
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}
