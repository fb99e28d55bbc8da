import { Link } from '@tanstack/react-router';

import { useCategoryList } from '../use-category-list';
import * as styles from './CategoryLinks.css';

/** Every category as a link, for a search that found nothing or had no query. */
export function CategoryLinks({ heading }: { heading: string }) {
  const categories = useCategoryList();
  if (categories.length === 0) return null;
  return (
    <nav aria-label="Shop by category" className={styles.nav}>
      <h2 className={styles.heading}>{heading}</h2>
      <ul className={styles.list}>
        {categories.map((category) => (
          <li key={category.slug}>
            {/* Category routes are generated from the catalogue, not known to the typed route tree. */}
            <Link to={`/${category.slug}` as string} className={styles.link}>
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
