import { Link } from '@tanstack/react-router';

import { Popover } from '../../../components/Popover';
import { displayMobile, useLogout, type Session } from '../../auth';
import { ACCOUNT_LINKS } from '../account-links';
import { ACCOUNT_FOCUS_KEY } from './AccountSlot';
import { useGlobalLoader } from '../use-global-loader';
import { UserIcon } from '../../../components/ScreenIcons';
import * as styles from './AccountMenu.css';

/** My Account for customers: a dropdown on desktop, a link to /account on mobile. */
export function CustomerMenu({ session }: { session: Session }) {
  const logout = useLogout(useGlobalLoader());

  return (
    <>
      <Popover
        className={styles.desktop}
        triggerClassName={styles.trigger}
        panelClassName={styles.panel}
        align="end"
        label="My Account"
        focusKey={ACCOUNT_FOCUS_KEY}
      >
        {({ close }) => (
          <div className={styles.body}>
            <p className={styles.heading}>My Account</p>
            <p className={styles.mobile}>{displayMobile(session.user.mobile)}</p>
            <ul className={styles.list}>
              {ACCOUNT_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={styles.item}>
                    {link.label}
                  </Link>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  className={styles.item}
                  onClick={() => {
                    close();
                    void logout();
                  }}
                >
                  Logout
                </button>
              </li>
            </ul>
          </div>
        )}
      </Popover>
      <Link to="/account" className={styles.mobileLink} aria-label="My Account" data-focus-key={ACCOUNT_FOCUS_KEY}>
        <UserIcon size={22} />
      </Link>
    </>
  );
}
