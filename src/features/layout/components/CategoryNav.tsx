import { Link, useLocation } from '@tanstack/react-router';

import { Popover } from '../../../components/Popover';
import { NAV_SLOTS_NARROW, NAV_SLOTS_WIDE } from '../constants';
import { splitNavItems, useNavSlotCount } from '../nav-slots';
import { useCategoryList } from '../use-category-list';
import * as styles from './CategoryNav.css';

/** Category routes (/{slug}) come from the catalogue, so the typed route tree does not list them. */
const categoryPath = (slug: string) => `/${slug}` as string;

/**
 * The top category navigation under the header bar (desktop): 8 or 6 slots by the screen's width,
 * the last one 'More'. Both splits are in the markup and CSS shows the one that fits, so the
 * server's page and its hydration (decision 044) already have the right one at any width.
 */
export function CategoryNav() {
  const slots = useNavSlotCount();
  const pathname = useLocation({ select: (location) => location.pathname });
  const categories = useCategoryList();
  const wide = splitNavItems(categories, NAV_SLOTS_WIDE);
  const narrow = splitNavItems(categories, NAV_SLOTS_NARROW);
  // Narrow, 'More' holds a superset of what it holds wide.
  const { visible, more } = narrow;
  const inWideBar = (index: number) => index < wide.visible.length;
  const moreActive = (slots === NAV_SLOTS_WIDE ? wide : narrow).more.some(
    (category) => pathname === categoryPath(category.slug),
  );

  return (
    <nav aria-label="Categories" className={styles.nav}>
      <ul className={styles.list}>
        {wide.visible.map((category, index) => (
          <li
            key={category.slug}
            className={index < visible.length ? styles.slot : `${styles.slot} ${styles.wideOnly}`}
          >
            <Link to={categoryPath(category.slug)} className={styles.link}>
              {category.name}
            </Link>
          </li>
        ))}
        {more.length > 0 && (
          <li className={wide.more.length > 0 ? styles.slot : `${styles.slot} ${styles.narrowOnly}`}>
            <Popover
              align="end"
              className={styles.moreRoot}
              triggerClassName={moreActive ? `${styles.link} ${styles.activeTrigger}` : styles.link}
              panelClassName={styles.morePanel}
              label="More"
              triggerLabel={moreActive ? 'More categories, current category inside' : 'More categories'}
            >
              <ul className={styles.moreList}>
                {more.map((category, index) => (
                  <li key={category.slug} className={inWideBar(visible.length + index) ? styles.narrowOnly : undefined}>
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
