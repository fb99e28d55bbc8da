import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { Suspense, useEffect, useId, useRef, useState } from 'react';

import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { EmptyState } from '../../../components/EmptyState';
import { Sheet } from '../../../components/Sheet';
import { Spinner } from '../../../components/Spinner';
import { formatRupees } from '../../../lib/money';
import { deliveryAddressSnapshotAtom, SelectDeliveryAddress } from '../../address';
import { useSession } from '../../auth';
import { serviceabilityOfQueryOptions, useChosenDelivery } from '../../location';
import { popupActionAtom, usePopup } from '../../popups';
import { proceedStepAtom } from '../proceed-step';
import { priceChangedIdsAtom } from '../refresh';
import { CART_TEXT } from '../texts';
import { useCart } from '../use-cart';
import { BillDetails, type Charge } from './BillDetails';
import { CartIcon, createIcon } from '../../../components/Icons';
import { CartLine } from './CartLine';
import * as styles from './CartPanel.css';

// Mounted by CartPanelHost from this chunk (kept off the first load).
export { CartRefresh } from '../refresh';

const ClockIcon = createIcon('M4 13a8 8 0 1 0 16 0a8 8 0 1 0-16 0M12 9v4l2.5 2.5M9 2h6');

/** The cart side panel, open while popups.cart is true (spec point 2, overlays). */
export function CartPanel() {
  // The popup state comes from IndexedDB; nothing to show until it has been read.
  return (
    <Suspense fallback={null}>
      <CartPanelContent />
    </Suspense>
  );
}

type View = 'cart' | 'address';

const CHARGE_INFO: Record<Charge, { title: string; text: string }> = {
  delivery: { title: CART_TEXT.deliveryChargeTitle, text: CART_TEXT.deliveryChargeInfo },
  handling: { title: CART_TEXT.handlingChargeTitle, text: CART_TEXT.handlingChargeInfo },
};

function CartPanelContent() {
  const { isOpen, close } = usePopup('cart');
  const popup = useSetAtom(popupActionAtom);
  const { auth } = useRouteContext({ from: '__root__' });
  const navigate = useNavigate();
  const resolveProceed = useSetAtom(proceedStepAtom);
  const { items, totals, loaded, increment, decrement, remove } = useCart();
  const priceChangedIds = useAtomValue(priceChangedIdsAtom);
  const [view, setView] = useState<View>('cart');
  // Read without suspending: suspending here would hide the open sheet and lose its focus.
  const deliveryAddress = useAtomValue(deliveryAddressSnapshotAtom);
  // How soon, from the distance between the delivery address (else the place chosen in the
  // header) and the nearest dark store; the spec's text until either is chosen.
  const gps = deliveryAddress?.gps;
  const serviceability = useQuery(serviceabilityOfQueryOptions(gps));
  const chosenDelivery = useChosenDelivery(!gps);
  const etaText = (gps ? serviceability.data?.message : chosenDelivery?.message) || CART_TEXT.deliveryEta;
  const [info, setInfo] = useState<{ charge: Charge; open: boolean }>({ charge: 'delivery', open: false });
  const titleId = useId();
  const list = useRef<HTMLUListElement>(null);

  // Every opening starts on the cart view.
  if (!isOpen && view !== 'cart') setView('cart');

  // Proceed while signed out opens the login dialog; once the shopper has signed in and the
  // dialog has closed, the cart comes back where Proceed was going (the address step). Closing
  // the dialog without signing in just ends it.
  const session = useSession();
  const loginOpen = usePopup('login').isOpen;
  const resumeAfterSignIn = useRef(false);
  useEffect(() => {
    if (!resumeAfterSignIn.current || loginOpen) return;
    resumeAfterSignIn.current = false;
    if (session) void popup({ name: 'cart', type: 'open' }).then(() => setView('address'));
  }, [loginOpen, session, popup]);

  // The pressed button leaves with its item: put focus somewhere sensible instead of the page.
  const focusAfterRemoval = () =>
    requestAnimationFrame(() => (list.current ?? document.getElementById(titleId))?.focus());

  async function proceed() {
    const step = await resolveProceed(auth.getSession() !== null);
    if (step === 'checkout') {
      // The checkout route is added by another feature; `href` keeps this independent of it.
      await navigate({ href: '/checkout' });
      await close();
    } else if (step === 'address') {
      setView('address');
    } else {
      // Close first: the modal cart would otherwise sit above the login dialog and keep it inert.
      await close();
      await popup({ name: 'login', type: 'open' });
      resumeAfterSignIn.current = true;
    }
  }

  const hasBuyableItems = totals.totalQuantity > 0;

  let content;
  if (!loaded) {
    content = <Spinner label="Loading your cart" />;
  } else if (view === 'address') {
    content = (
      <Suspense fallback={<Spinner label="Loading your addresses" />}>
        <SelectDeliveryAddress />
      </Suspense>
    );
  } else if (items.length === 0) {
    content = (
      <EmptyState
        icon={<CartIcon size={40} />}
        title={CART_TEXT.emptyTitle}
        level={3}
        action={<Button onClick={() => void close()}>{CART_TEXT.startShopping}</Button>}
      >
        {CART_TEXT.emptyBody}
      </EmptyState>
    );
  } else {
    content = (
      <>
        <section className={styles.card} aria-label="Items in your cart">
          <div className={styles.eta}>
            <span className={styles.etaIcon} aria-hidden>
              <ClockIcon />
            </span>
            <div>
              <p className={styles.etaTitle}>{etaText}</p>
              <p className={styles.muted}>
                Shipment of {totals.totalQuantity} {totals.totalQuantity === 1 ? 'item' : 'items'}
              </p>
            </div>
          </div>
          <ul ref={list} className={styles.list} tabIndex={-1} aria-label="Cart items">
            {items.map((item) => (
              <CartLine
                key={item.id}
                item={item}
                priceChanged={priceChangedIds.includes(item.id)}
                onIncrement={() => void increment(item.id)}
                onDecrement={() => {
                  if (item.quantity <= 1) focusAfterRemoval();
                  void decrement(item.id);
                }}
                onRemove={() => {
                  focusAfterRemoval();
                  void remove(item.id);
                }}
              />
            ))}
          </ul>
        </section>
        {hasBuyableItems ? (
          <BillDetails bill={totals} onExplain={(charge) => setInfo({ charge, open: true })} />
        ) : (
          <p className={styles.card}>
            The items in your cart are currently unavailable. Remove them to continue shopping.
          </p>
        )}
      </>
    );
  }

  // In the address view Proceed appears once an address is chosen, and then leads to checkout:
  // once the store says it delivers there (the view says so when it does not, and where it does),
  // or when it cannot say (offline, or the question failed: checkout asks again).
  const deliveredThere = serviceability.data?.serviceable ?? serviceability.fetchStatus !== 'fetching';
  const showProceed = loaded && hasBuyableItems && (view === 'cart' || (deliveryAddress !== null && deliveredThere));

  return (
    <Sheet
      open={isOpen}
      onClose={() => void close()}
      title={view === 'address' ? CART_TEXT.addressTitle : CART_TEXT.panelTitle}
      titleId={titleId}
      closeLabel="Close cart"
      leading={
        view === 'address' ? (
          <button type="button" className={styles.back} aria-label="Back to cart" onClick={() => setView('cart')}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden focusable="false">
              <path d="M15 6l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        ) : undefined
      }
      footer={
        showProceed ? (
          <button type="button" className={styles.proceed} onClick={() => void proceed()}>
            {/* Read first ("Proceed, ₹… total"); the total is drawn on the left by CSS order. */}
            <span className={styles.proceedLabel}>
              Proceed <span aria-hidden>›</span>
            </span>
            <span className={styles.proceedTotal}>
              <strong>{formatRupees(totals.grandTotal)}</strong>
              <span className={styles.proceedCaption}>TOTAL</span>
            </span>
          </button>
        ) : undefined
      }
    >
      <div className={styles.content}>{content}</div>
      <Dialog
        open={info.open}
        onClose={() => setInfo((current) => ({ ...current, open: false }))}
        title={CHARGE_INFO[info.charge].title}
        actions={
          <Button onClick={() => setInfo((current) => ({ ...current, open: false }))}>{CART_TEXT.infoConfirm}</Button>
        }
      >
        <p>{CHARGE_INFO[info.charge].text}</p>
      </Dialog>
    </Sheet>
  );
}
