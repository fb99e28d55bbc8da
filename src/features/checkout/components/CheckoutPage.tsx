import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';

import { EmptyState } from '../../../components/EmptyState';
import { CartIcon } from '../../../components/Icons';
import { Spinner } from '../../../components/Spinner';
import { useSession } from '../../auth';
import { LocalGatewayDialog } from '../../payment';
import { CHECKOUT_TEXT } from '../constants';
import { useCheckout } from '../use-checkout';
import { AddressPicker } from './AddressPicker';
import { BillDetails } from './BillDetails';
import * as styles from './Checkout.css';
import { CheckoutItems } from './CheckoutItems';
import { DeliveryAddressCard } from './DeliveryAddressCard';
import { PaymentMethod } from './PaymentMethod';
import { PayOrder } from './PayOrder';
import { PlaceOrder } from './PlaceOrder';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /checkout: the cart's checkout, or with `?pay=<order id>` paying an order placed before (its
 * search is read here rather than declared on the route, which would cost the first load).
 */
export function CheckoutPage() {
  const pay = useRouterState({ select: (state) => (state.location.search as { pay?: unknown }).pay });
  if (typeof pay === 'string' && UUID.test(pay)) return <PayOrder key={pay} orderId={pay} />;
  return <Checkout />;
}

/** The cart's checkout: delivery address, the items at today's prices, the bill, payment, Place order. */
function Checkout() {
  const session = useSession();
  const checkout = useCheckout();
  const [pickerOpen, setPickerOpen] = useState(false);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);

  if (!checkout.loaded) return <Spinner label="Loading your cart" />;
  if (checkout.lines.length === 0) return <EmptyCheckout titleId={titleId} heading={heading} />;

  const { address, quote } = checkout;
  const data = quote.data;
  return (
    <div className={styles.page}>
      <div className={styles.column}>
        <h1 id={titleId} ref={heading} tabIndex={-1} className={styles.title}>
          Checkout
        </h1>
        <DeliveryAddressCard
          titleId={`${titleId}-address`}
          address={address}
          addressGone={checkout.addressGone}
          delivery={checkout.delivery}
          onChoose={() => setPickerOpen(true)}
        />
        <CheckoutItems
          titleId={`${titleId}-items`}
          cartItems={checkout.cartItems}
          current={data?.items}
          problems={checkout.problems}
          onUpdateCart={() => void checkout.updateCart(checkout.problems)}
        />
      </div>

      <div className={styles.aside}>
        <BillDetails
          titleId={`${titleId}-bill`}
          bill={data?.bill}
          isFetching={quote.isFetching}
          waitingForConnection={quote.fetchStatus === 'paused'}
          previousCart={quote.isPlaceholderData}
          error={quote.isError ? quote.error : null}
          onRetry={() => void quote.refetch()}
        />
        <PaymentMethod
          giftCardBalance={data?.giftCardBalance}
          toPay={data?.bill.toPay}
          useGiftCard={checkout.useGiftCard}
          onUseGiftCardChange={checkout.setUseGiftCard}
          choice={checkout.choice}
          onChoiceChange={checkout.setChoice}
          locked={checkout.awaiting !== null}
        />
        <PlaceOrder
          feedback={checkout.feedback}
          canPlace={checkout.canPlace}
          placing={checkout.placing}
          paying={checkout.pay.busy}
          toPay={data?.bill.toPay}
          onPlace={checkout.place}
          payState={checkout.pay.state}
          payBy={checkout.awaiting?.payment.payBy ?? null}
          onTryAgain={checkout.awaiting && !checkout.pay.busy ? checkout.payAgain : undefined}
          onPayAnotherWay={checkout.awaiting && !checkout.pay.busy ? () => void checkout.payAnotherWay() : undefined}
          switching={checkout.switching}
          earlier={checkout.earlier}
        />
        <LocalGatewayDialog session={checkout.pay.localSession} onOutcome={checkout.pay.onLocalOutcome} />
      </div>

      {session && <AddressPicker open={pickerOpen} onClose={() => setPickerOpen(false)} />}
    </div>
  );
}

/** Nothing to check out: say so, and offer the way back to the shop. */
function EmptyCheckout({ titleId, heading }: { titleId: string; heading: RefObject<HTMLHeadingElement | null> }) {
  return (
    <section className={styles.emptyPage} aria-labelledby={titleId}>
      <EmptyState
        icon={<CartIcon size={28} />}
        title={CHECKOUT_TEXT.emptyTitle}
        level={1}
        headingId={titleId}
        headingRef={heading}
        action={
          <Link to="/" className={styles.linkButton}>
            {CHECKOUT_TEXT.startShopping}
          </Link>
        }
      >
        {CHECKOUT_TEXT.emptyBody}
      </EmptyState>
    </section>
  );
}
