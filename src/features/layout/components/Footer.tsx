import { Link, useLocation } from '@tanstack/react-router';
import { useId } from 'react';

import { POLICY_LINK_LIST, SUPPORT_EMAIL, SUPPORT_HOURS } from '../../policies';
import { isFooterHidden } from '../footer-visibility';
import { useCategoryList } from '../use-category-list';
import * as styles from './Footer.css';
import { SubscribeForm } from './SubscribeForm';

export function Footer() {
  const pathname = useLocation({ select: (location) => location.pathname });
  if (isFooterHidden(pathname)) return null;
  return <FooterContent />;
}

function FooterContent() {
  const id = useId();
  const categories = useCategoryList();

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.columns}>
          <section className={styles.about} aria-labelledby={`${id}-about`}>
            <h2 id={`${id}-about`} className={styles.columnTitle}>
              About QuickCart
            </h2>
            <p>
              Groceries, fresh fruits and vegetables, dairy and daily essentials delivered to your door in minutes,
              across India.
            </p>
            <p>
              Questions about an order? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>,{' '}
              {SUPPORT_HOURS}.
            </p>
          </section>

          {categories.length > 0 && (
            <nav aria-labelledby={`${id}-categories`}>
              <h2 id={`${id}-categories`} className={styles.columnTitle}>
                All categories
              </h2>
              <ul className={styles.links}>
                {categories.map((category) => (
                  <li key={category.slug}>
                    <Link to={`/${category.slug}` as string}>{category.name}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}

          <nav aria-labelledby={`${id}-help`}>
            <h2 id={`${id}-help`} className={styles.columnTitle}>
              Help
            </h2>
            <ul className={styles.links}>
              <li>
                <Link to={'/account' as string}>My Account</Link>
              </li>
              <li>
                <Link to={'/account/orders' as string}>My Orders</Link>
              </li>
              <li>
                <Link to={'/account/faqs' as string}>FAQ's</Link>
              </li>
              <li>
                <a href={`mailto:${SUPPORT_EMAIL}`}>Contact us</a>
              </li>
            </ul>
          </nav>

          <nav aria-labelledby={`${id}-policies`}>
            <h2 id={`${id}-policies`} className={styles.columnTitle}>
              Policies
            </h2>
            <ul className={styles.links}>
              {POLICY_LINK_LIST.map((policy) => (
                <li key={policy.path}>
                  <Link to={policy.path as string}>{policy.title}</Link>
                </li>
              ))}
            </ul>
          </nav>

          <div className={styles.side}>
            <SubscribeForm />
            <div className={styles.region}>
              <label htmlFor={`${id}-region`} className={styles.fieldLabel}>
                Currency and country
              </label>
              <select
                id={`${id}-region`}
                className={styles.select}
                defaultValue="INR-IN"
                aria-describedby={`${id}-region-note`}
              >
                <option value="INR-IN">INR ₹ | India</option>
              </select>
              <p id={`${id}-region-note`} className={styles.note}>
                We sell and deliver only in India, and all prices are in Indian rupees (₹).
              </p>
            </div>
          </div>
        </div>
        <p className={styles.copyright}>
          © {new Date().getFullYear()} QuickCart. Groceries delivered in minutes across India.
        </p>
      </div>
    </footer>
  );
}
