import { Link } from '@tanstack/react-router';

import { displayMobile, useLogout, useSession } from '../../auth';
import { ACCOUNT_LINKS, useGlobalLoader } from '../../layout';
import * as styles from './Account.css';
import { PinIcon } from '../../../components/Icons';
import { BagIcon, UserIcon } from '../../../components/ScreenIcons';
import { ChevronRightIcon, GiftIcon, HelpIcon, LockIcon, LogoutIcon } from './AccountIcons';

const ICONS = {
  '/account/orders': BagIcon,
  '/account/address': PinIcon,
  '/account/egiftcards': GiftIcon,
  '/account/faqs': HelpIcon,
  '/account/privacy': LockIcon,
} as const;

/**
 * /account. On phones: the whole account menu (spec point 2: My Orders, Saved Address, E-Gift
 * Cards, FAQ's, Account Privacy, Logout). From 992 px the sidebar holds the menu, so this is a
 * short welcome beside it.
 */
export function AccountHome() {
  const session = useSession();
  const logout = useLogout(useGlobalLoader());
  const mobile = session ? displayMobile(session.user.mobile) : '';
  return (
    <section className={styles.home} aria-labelledby="account-title">
      <div className={styles.profile}>
        <span className={styles.avatar}>
          <UserIcon />
        </span>
        <div>
          <h1 id="account-title" className={styles.homeTitle}>
            My Account
          </h1>
          <p>{mobile}</p>
        </div>
      </div>
      <nav className={`${styles.menuCard} ${styles.phonesOnly}`} aria-label="Account menu">
        <ul className={styles.navList}>
          {ACCOUNT_LINKS.map(({ to, label }) => {
            const Icon = ICONS[to];
            return (
              <li key={to}>
                <Link to={to} className={styles.navItem}>
                  <Icon />
                  {label}
                  <ChevronRightIcon className={styles.chevron} />
                </Link>
              </li>
            );
          })}
          <li>
            <button type="button" className={styles.navItem} onClick={() => void logout()}>
              <LogoutIcon />
              Logout
            </button>
          </li>
        </ul>
      </nav>
      <div className={`${styles.card} ${styles.largeOnly}`}>
        <p>
          Welcome back. Follow your orders in <Link to="/account/orders">My Orders</Link>, manage where we deliver in{' '}
          <Link to="/account/address">My Addresses</Link>, and find answers in{' '}
          <Link to="/account/faqs">FAQ&apos;s</Link>.
        </p>
        <p className={styles.muted}>
          To get a copy of your data or delete your account, open <Link to="/account/privacy">Account Privacy</Link>.
        </p>
      </div>
    </section>
  );
}
