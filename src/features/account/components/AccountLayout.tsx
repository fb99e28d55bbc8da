import { Link, Outlet } from '@tanstack/react-router';

import { displayMobile, useLogout, useSession } from '../../auth';
import { useGlobalLoader } from '../../layout';
import * as styles from './Account.css';
import { LogoutIcon } from './AccountIcons';

/**
 * Spec point 2, account area: from 992 px a sidebar with the customer's +91 number, My
 * Addresses, My Orders and Logout (and the other account pages) beside the page; below that
 * only the page itself (/account is then the menu).
 */
export function AccountLayout() {
  const session = useSession();
  const logout = useLogout(useGlobalLoader());
  return (
    <div className={styles.layout}>
      <nav className={styles.sidebar} aria-label="My Account">
        <p className={styles.sidebarMobile}>{session ? displayMobile(session.user.mobile) : null}</p>
        <ul className={styles.navList}>
          <li>
            <Link to="/account/address" className={styles.navItem}>
              My Addresses
            </Link>
          </li>
          <li>
            <Link to="/account/orders" className={styles.navItem}>
              My Orders
            </Link>
          </li>
          <li>
            <Link to="/account/egiftcards" className={styles.navItem}>
              E-Gift Cards
            </Link>
          </li>
          <li>
            <Link to="/account/faqs" className={styles.navItem}>
              FAQ&apos;s
            </Link>
          </li>
          <li>
            <Link to="/account/privacy" className={styles.navItem}>
              Account Privacy
            </Link>
          </li>
          <li>
            <button type="button" className={styles.navItem} onClick={() => void logout()}>
              <LogoutIcon size={20} />
              Logout
            </button>
          </li>
        </ul>
      </nav>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
