import { lazy, Suspense } from 'react';

import { retryingImport } from '../../../lib/retrying-import';
import { preloadLoginDialog, useSession } from '../../auth';
import { usePopup } from '../../popups';
import * as styles from './AccountMenu.css';

// Visitors, most first loads, never need the customer menu's code.
const CustomerMenu = lazy(retryingImport(() => import('./AccountMenu').then((m) => ({ default: m.CustomerMenu }))));

/** Login and My Account share the header's place, and this `data-focus-key` (see focusStandIn). */
export const ACCOUNT_FOCUS_KEY = 'account';

/** Login for visitors; My Account for customers (spec point 2, header). */
export function AccountSlot() {
  const session = useSession();
  const login = usePopup('login');
  if (!session) {
    return (
      <button
        type="button"
        className={styles.login}
        // After signing in, the login dialog hands focus to My Account, which takes this place.
        data-focus-key={ACCOUNT_FOCUS_KEY}
        onPointerEnter={preloadLoginDialog}
        onFocus={preloadLoginDialog}
        onClick={() => void login.open()}
      >
        Login
      </button>
    );
  }
  return (
    <Suspense fallback={<span className={styles.login}>My Account</span>}>
      <CustomerMenu session={session} />
    </Suspense>
  );
}
