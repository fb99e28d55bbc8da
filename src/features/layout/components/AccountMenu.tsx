import { Link } from '@tanstack/react-router';

import { Popover } from '../../../components/Popover';
import { ACCOUNT_LINKS } from '../constants';
import { useLogout } from '../use-logout';
import type { Session } from '../../auth';
import { UserIcon } from './Icons';
import * as styles from './AccountMenu.css';

/** '+91 98765 43210' style display of a stored mobile number. */
const displayMobile = (mobile: string) => {
  const digits = mobile.replace(/\D/g, '').slice(-10);
  return digits.length === 10 ? `+91 ${digits}` : mobile;
};

/** My Account for customers: a dropdown on desktop, a link to /account on mobile. */
export function CustomerMenu({ session }: { session: Session }) {
  const logout = useLogout();

  return (
    <>
      <Popover
        className={styles.desktop}
        triggerClassName={styles.trigger}
        panelClassName={styles.panel}
        align="end"
        label="My Account"
      >
        {({ close }) => (
          <div className={styles.body}>
            <p className={styles.heading}>My Account</p>
            <p className={styles.mobile}>{displayMobile(session.user.mobile)}</p>
            <ul className={styles.list}>
              {ACCOUNT_LINKS.map((link) => (
                <li key={link.href}>
                  {/* The account routes arrive with the account feature; until then they are plain paths. */}
                  <Link to={link.href as string} className={styles.item}>
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
      <Link to={'/account' as string} className={styles.mobileLink} aria-label="My Account">
        <UserIcon />
      </Link>
    </>
  );
}
