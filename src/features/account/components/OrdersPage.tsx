import { Link } from '@tanstack/react-router';

import { ACCOUNT_TEXT } from '../constants';
import * as styles from './Account.css';
import { AccountPage, EmptyState } from './AccountPage';
import { BagIcon } from './Icons';

/** My Orders. Orders arrive with checkout; until then there is nothing to list. */
export function OrdersPage() {
  return (
    <AccountPage title="My Orders">
      <EmptyState
        icon={<BagIcon size={32} />}
        title={ACCOUNT_TEXT.noOrders}
        action={
          <Link to="/" className={styles.linkButton}>
            {ACCOUNT_TEXT.startShopping}
          </Link>
        }
      >
        Your orders and their status will appear here once you have placed one.
      </EmptyState>
    </AccountPage>
  );
}
