import { Link, useLocation } from '@tanstack/react-router';

import { Popover } from '../../../components/Popover';
import { splitNavItems, useNavSlotCount } from '../nav-slots';
import { useCategoryList } from '../use-category-list';
import * as styles from './CategoryNav.css';

/** Category routes (/{slug}) come from the catalogue, so the typed route tree does not list them. */
const categoryPath = (slug: string) => `/${slug}` as string;

/** The top category navigation under the header bar (desktop): 8 or 6 slots, the last one 'More'. */
export function CategoryNav() {
  const slots = useNavSlotCount();
  const pathname = useLocation({ select: (location) => location.pathname });
  const { visible, more } = splitNavItems(useCategoryList(), slots);
  const moreActive = more.some((category) => pathname === categoryPath(category.slug));

  return (
    <nav aria-label="Categories" className={styles.nav}>
      <ul className={styles.list}>
        {visible.map((category) => (
          <li key={category.slug} className={styles.slot}>
            <Link to={categoryPath(category.slug)} className={styles.link}>
              {category.name}
            </Link>
          </li>
        ))}
        {more.length > 0 && (
          <li className={styles.slot}>
            <Popover
              align="end"
              className={styles.moreRoot}
              triggerClassName={moreActive ? `${styles.link} ${styles.activeTrigger}` : styles.link}
              panelClassName={styles.morePanel}
              label="More"
              triggerLabel={moreActive ? 'More categories, current category inside' : 'More categories'}
            >
              <ul className={styles.moreList}>
                {more.map((category) => (
                  <li key={category.slug}>
                    <Link to={categoryPath(category.slug)} className={styles.moreLink}>
                      {category.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </Popover>
          </li>
        )}
      </ul>
    </nav>
  );
}
