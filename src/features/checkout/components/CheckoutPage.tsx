import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useAtom, useSetAtom } from 'jotai';
import { useEffect, useId, useMemo, useRef, useState } from 'react';

import type { CurrentLine } from '../../../../server/schemas/order';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api-client';
import { formatRupees } from '../../../lib/money';
import { deliveryAddressAtom } from '../../address';
import { useSession } from '../../auth';
import { cartProductsQueryOptions, clearCartAtom, decrementCartItemAtom, refreshCartAtom, useCart } from '../../cart';
import { NeedsConnection } from '../../../components/NeedsConnection';
import { useOnline } from '../../../lib/use-online';
import { placeOrder } from '../api/place-order';
import { quoteQueryOptions, ServerMessage } from '../api/quote-order';
import { CHECKOUT_TEXT } from '../constants';
import { AddressPicker, formatAddress } from './AddressPicker';
import * as styles from './Checkout.css';

const newKey = () => crypto.randomUUID();

const PROBLEM_TEXT: Record<NonNullable<CurrentLine['problem']>, (line: CurrentLine) => string> = {
  'price-changed': (line) => `Price changed to ${formatRupees(line.price)}`,
  'out-of-stock': () => 'Out of stock',
  'not-enough-stock': (line) => `Only ${line.available} left`,
  unavailable: () => 'No longer sold',
};

/** /checkout: delivery address, the items at today's prices, the bill, payment, Place order. */
export function CheckoutPage() {
  const session = useSession();
  const { items: cartItems, loaded } = useCart();
  const [address, setAddress] = useAtom(deliveryAddressAtom);
  const [useGiftCard, setUseGiftCard] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const online = useOnline();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refreshCart = useSetAtom(refreshCartAtom);
  const decrement = useSetAtom(decrementCartItemAtom);
  const clearCart = useSetAtom(clearCartAtom);
  // One key per attempt at this order: a retry or a second tap reuses it, a changed cart gets a new one.
  const idempotencyKey = useRef(newKey());
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);

  const lines = useMemo(
    () =>
      cartItems
        .filter((item) => !item.unavailable)
        .map((item) => ({ productId: item.id, quantity: item.quantity, price: item.price })),
    [cartItems],
  );
  const quote = useQuery({
    ...quoteQueryOptions({ addressId: address?._id ?? null, items: lines, useGiftCardBalance: useGiftCard }),
    enabled: lines.length > 0,
  });

  useEffect(() => {
    idempotencyKey.current = newKey();
  }, [lines, address?._id, useGiftCard]);

  /** Brings the cart in line with the server: fresh prices, unavailable items flagged, quantities capped. */
  async function updateCart(current: readonly CurrentLine[]) {
    await refreshCart((ids) => queryClient.fetchQuery(cartProductsQueryOptions(ids)));
    for (const line of current) {
      if (line.problem === 'not-enough-stock') {
        for (let i = line.available; i < line.quantity; i++) await decrement(line.productId);
      }
    }
  }

  async function place() {
    if (!address || placing) return;
    setPlacing(true);
    setError(null);
    setNotice(null);
    try {
      const outcome = await placeOrder({
        addressId: address._id,
        items: lines,
        useGiftCardBalance: useGiftCard,
        idempotencyKey: idempotencyKey.current,
      });
      if (outcome.kind === 'placed') {
        // Leave first: an emptied cart here would flash the empty-cart screen.
        await navigate({ to: '/account/orders/$orderId', params: { orderId: outcome.order.id } });
        await clearCart();
        return;
      }
      if (outcome.kind === 'changed') {
        await updateCart(outcome.items);
        setNotice(outcome.message);
      } else {
        setError(outcome.message);
      }
      await quote.refetch();
    } catch (failure) {
      setError((await serverMessage(failure)) ?? CHECKOUT_TEXT.placeFailed);
    } finally {
      setPlacing(false);
    }
  }

  if (!loaded) return <Spinner label="Loading your cart" />;

  if (lines.length === 0) {
    return (
      <section className={styles.card} aria-labelledby={titleId} style={{ marginBlock: '24px' }}>
        <h1 id={titleId} ref={heading} tabIndex={-1} className={styles.title}>
          {CHECKOUT_TEXT.emptyTitle}
        </h1>
        <p className={styles.muted}>{CHECKOUT_TEXT.emptyBody}</p>
        <Link to="/" className={styles.linkButton}>
          {CHECKOUT_TEXT.startShopping}
        </Link>
      </section>
    );
  }

  const data = quote.data;
  const problems = data?.items.filter((line) => line.problem !== null) ?? [];
  const delivery = data?.delivery ?? null;
  const unserviceable = delivery !== null && !delivery.serviceable;
  const canPlace =
    Boolean(address) && online && !placing && data !== undefined && problems.length === 0 && !unserviceable;

  return (
    <div className={styles.page}>
      <div className={styles.column}>
        <h1 id={titleId} ref={heading} tabIndex={-1} className={styles.title}>
          Checkout
        </h1>

        <section className={styles.card} aria-labelledby={`${titleId}-address`}>
          <div className={styles.cardHeader}>
            <h2 id={`${titleId}-address`} className={styles.cardTitle}>
              Delivery address
            </h2>
            <Button tone="outline" size="sm" onClick={() => setPickerOpen(true)}>
              {address ? 'Change' : 'Choose'}
            </Button>
          </div>
          {address ? (
            <p>
              <strong>
                {address.tag} · {address.name}
              </strong>
              <br />
              {formatAddress(address)}
            </p>
          ) : (
            <p className={styles.info}>{CHECKOUT_TEXT.chooseAddress}</p>
          )}
          {delivery?.serviceable && <p className={styles.eta}>{delivery.message}</p>}
          {unserviceable && (
            <p className={styles.error} role="alert">
              {delivery.message}
            </p>
          )}
        </section>

        <section className={styles.card} aria-labelledby={`${titleId}-items`}>
          <h2 id={`${titleId}-items`} className={styles.cardTitle}>
            Items
          </h2>
          {problems.length > 0 && (
            <div className={styles.info} role="status">
              <p>{CHECKOUT_TEXT.itemsChanged}</p>
              <Button size="sm" tone="outline" onClick={() => void updateCart(problems)}>
                Update my cart
              </Button>
            </div>
          )}
          {cartItems.some((item) => item.unavailable) && (
            <p className={styles.muted}>{CHECKOUT_TEXT.unavailableLeftOut}</p>
          )}
          <ul className={styles.list}>
            {cartItems
              .filter((item) => !item.unavailable)
              .map((item) => {
                const current = data?.items.find((line) => line.productId === item.id);
                return (
                  <li key={item.id} className={styles.item}>
                    <img className={styles.itemImage} src={item.img} alt="" width={48} height={48} loading="lazy" />
                    <div>
                      <p>{item.name}</p>
                      <p className={styles.muted}>
                        {item.size} × {item.quantity}
                      </p>
                      {current?.problem && <p className={styles.problem}>{PROBLEM_TEXT[current.problem](current)}</p>}
                    </div>
                    <strong>{formatRupees((current?.price ?? item.price) * item.quantity)}</strong>
                  </li>
                );
              })}
          </ul>
        </section>
      </div>

      <div className={styles.aside}>
        <section className={styles.card} aria-labelledby={`${titleId}-bill`} aria-busy={quote.isFetching}>
          <h2 id={`${titleId}-bill`} className={styles.cardTitle}>
            Bill details
          </h2>
          {quote.isError && !data ? (
            <div className={styles.error} role="alert">
              <p>{quote.error instanceof ServerMessage ? quote.error.message : CHECKOUT_TEXT.quoteFailed}</p>
              <Button size="sm" tone="outline" onClick={() => void quote.refetch()}>
                Try again
              </Button>
            </div>
          ) : !data ? (
            <Spinner label="Working out your bill" />
          ) : (
            <>
              <table className={styles.table}>
                <tbody>
                  <tr>
                    <th scope="row" className={styles.th}>
                      Items total
                    </th>
                    <td className={styles.td}>{formatRupees(data.bill.itemsTotal)}</td>
                  </tr>
                  <tr>
                    <th scope="row" className={styles.th}>
                      Delivery charge
                    </th>
                    <td className={styles.td}>
                      {data.bill.deliveryCharge > 0 ? formatRupees(data.bill.deliveryCharge) : 'FREE'}
                    </td>
                  </tr>
                  <tr>
                    <th scope="row" className={styles.th}>
                      Handling charge
                    </th>
                    <td className={styles.td}>{formatRupees(data.bill.handlingCharge)}</td>
                  </tr>
                  <tr className={styles.total}>
                    <th scope="row" className={styles.th}>
                      Grand total
                    </th>
                    <td className={styles.td}>{formatRupees(data.bill.billTotal)}</td>
                  </tr>
                  {data.bill.giftCardPaid > 0 && (
                    <>
                      <tr>
                        <th scope="row" className={styles.th}>
                          Paid by gift card
                        </th>
                        <td className={styles.td}>-{formatRupees(data.bill.giftCardPaid)}</td>
                      </tr>
                      <tr className={styles.total}>
                        <th scope="row" className={styles.th}>
                          To pay
                        </th>
                        <td className={styles.td}>{formatRupees(data.bill.toPay)}</td>
                      </tr>
                    </>
                  )}
                </tbody>
              </table>
              {data.bill.productDiscount > 0 && (
                <p className={styles.savings}>Your total savings {formatRupees(data.bill.productDiscount)}</p>
              )}
            </>
          )}
        </section>

        <fieldset className={styles.card}>
          <legend className={styles.cardTitle}>Payment method</legend>
          {data && data.giftCardBalance > 0 && (
            <label className={styles.option}>
              <input type="checkbox" checked={useGiftCard} onChange={(event) => setUseGiftCard(event.target.checked)} />
              <span>
                Use gift card balance ({formatRupees(data.giftCardBalance)})
                <br />
                <span className={styles.muted}>It pays as much of the order as it covers.</span>
              </span>
            </label>
          )}
          <label className={styles.option}>
            <input type="radio" name="payment" value="cod" checked readOnly />
            <span>
              Cash on delivery
              {data && data.bill.toPay === 0 && <span className={styles.muted}> (nothing left to pay)</span>}
            </span>
          </label>
          <p className={styles.muted}>UPI and cards are coming soon.</p>
        </fieldset>

        {notice && (
          <p className={styles.info} role="alert">
            {notice}
          </p>
        )}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <NeedsConnection what="Placing an order">
          <Button className={styles.placeButton} onClick={() => void place()} disabled={!canPlace} aria-busy={placing}>
            {placing ? 'Placing your order…' : data ? `Place order · ${formatRupees(data.bill.toPay)}` : 'Place order'}
          </Button>
        </NeedsConnection>
      </div>

      {session && (
        <AddressPicker
          open={pickerOpen}
          customerId={session.user.id}
          selectedId={address?._id ?? null}
          onClose={() => setPickerOpen(false)}
          onSelect={(chosen) => {
            void setAddress(chosen);
            setPickerOpen(false);
          }}
        />
      )}
    </div>
  );
}
