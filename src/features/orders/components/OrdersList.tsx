import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';

import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { BagIcon } from '../../../components/ScreenIcons';
import { Spinner } from '../../../components/Spinner';

import { formatRupees } from '../../../lib/money';
import { AccountPage } from '../../account';
import { ordersQueryOptions, ORDERS_PAGE_SIZE } from '../api/get-orders';
import { cancellationText, ORDER_TEXT, paymentStatusText, placedAt } from '../format';
import { useOrderStream } from '../use-order-stream';
import * as styles from './Orders.css';
import { OrdersError } from './OrdersError';
import { StatusBadge } from './StatusBadge';

/** My Orders (spec point 2): running number, price, placed day/date/time, status badge, View Details. */
export function OrdersList() {
  const [page, setPage] = useState(1);
  // The current page stays on screen while the next one loads.
  const query = useQuery({ ...ordersQueryOptions(page), placeholderData: (previous) => previous });
  // Statuses change on the list as they happen while it is open (issue 19).
  useOrderStream();
  if (query.isPending) return <Spinner label="Loading your orders" />;
  if (query.isError) return <OrdersError onRetry={() => void query.refetch()} />;
  const { data } = query;
  const pages = Math.max(1, Math.ceil(data.total / ORDERS_PAGE_SIZE));
  return (
    <AccountPage title={ORDER_TEXT.title}>
      {data.total === 0 ? (
        <EmptyState
          icon={<BagIcon size={32} />}
          title={ORDER_TEXT.noOrders}
          action={
            <Link to="/" className={styles.detailsLink}>
              {ORDER_TEXT.startShopping}
            </Link>
          }
        >
          {ORDER_TEXT.noOrdersBody}
        </EmptyState>
      ) : (
        <>
          <ul className={styles.list} aria-label="Orders">
            {data.data.map((order) => {
              const when = placedAt(order.placedAt);
              const cancellation = cancellationText(order);
              return (
                <li key={order.id} className={styles.card} aria-label={`Order #${order.number}`}>
                  <div className={styles.cardMain}>
                    <p className={styles.cardTitle}>
                      <span>Order #{order.number}</span>
                      <StatusBadge status={order.status} />
                    </p>
                    <p className={styles.price}>{formatRupees(order.total)}</p>
                    <p className={styles.muted}>
                      Placed on {when.day}, {when.date} at {when.time} · {order.itemCount}{' '}
                      {order.itemCount === 1 ? 'item' : 'items'}
                    </p>
                    <p className={styles.muted}>
                      {order.payment.label} · {paymentStatusText(order.payment, order.status)}
                    </p>
                    {cancellation && <p className={styles.muted}>{cancellation}</p>}
                  </div>
                  <Link
                    to="/account/orders/$orderId"
                    params={{ orderId: order.id }}
                    className={styles.detailsLink}
                    aria-label={`${ORDER_TEXT.viewDetails} of order #${order.number}`}
                  >
                    {ORDER_TEXT.viewDetails}
                  </Link>
                </li>
              );
            })}
          </ul>
          {pages > 1 && (
            <nav className={styles.pager} aria-label="Order pages">
              {page > 1 ? (
                <Button tone="outline" size="sm" onClick={() => setPage(page - 1)}>
                  Newer orders
                </Button>
              ) : (
                <span />
              )}
              <span className={styles.muted}>
                Page {page} of {pages}
              </span>
              {page < pages ? (
                <Button tone="outline" size="sm" onClick={() => setPage(page + 1)} disabled={query.isFetching}>
                  Older orders
                </Button>
              ) : (
                <span />
              )}
            </nav>
          )}
        </>
      )}
    </AccountPage>
  );
}
