import { useEffect, useId, useRef } from 'react';

import { formatRupees } from '../../../lib/money';
import { useOnline } from '../../../lib/use-online';
import { PAYMENT_METHOD_NAMES, PAYMENT_TEXT, type PaymentChoice } from '../../payment';
import { CHECKOUT_TEXT } from '../constants';
import * as styles from './Checkout.css';

interface Props {
  /** The customer's e-gift card balance, once the bill is worked out. */
  giftCardBalance: number | undefined;
  /** What is left to pay, once the bill is worked out. */
  toPay: number | undefined;
  useGiftCard: boolean;
  onUseGiftCardChange: (use: boolean) => void;
  choice: PaymentChoice;
  onChoiceChange: (choice: PaymentChoice) => void;
  /** An order of this checkout awaits its online payment: the choice is made. */
  locked: boolean;
}

const CHOICES: readonly { value: PaymentChoice; label: string; online: boolean }[] = [
  { value: 'upi', label: PAYMENT_METHOD_NAMES.upi, online: true },
  { value: 'card', label: PAYMENT_METHOD_NAMES.card, online: true },
  { value: 'cod', label: PAYMENT_METHOD_NAMES.cod, online: false },
];

/**
 * Payment method: the gift card balance first (when there is one), then how the rest is paid:
 * UPI or card, net banking and wallets through the payment gateway, or cash on delivery. With
 * nothing left to pay no method is needed; offline the online methods wait for a connection.
 */
export function PaymentMethod({
  giftCardBalance,
  toPay,
  useGiftCard,
  onUseGiftCardChange,
  choice,
  onChoiceChange,
  locked,
}: Props) {
  const online = useOnline();
  const name = useId();
  const fieldset = useRef<HTMLFieldSetElement>(null);
  // Unlocked (Pay another way cancelled the unpaid order): the button pressed is gone, and the
  // focus with it; the choice of method takes it.
  const wasLocked = useRef(locked);
  useEffect(() => {
    const unlocked = wasLocked.current && !locked;
    wasLocked.current = locked;
    if (!unlocked || (document.activeElement && document.activeElement !== document.body)) return;
    const radios = [...(fieldset.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]:enabled') ?? [])];
    (radios.find((radio) => radio.checked) ?? radios[0])?.focus();
  }, [locked]);
  return (
    <fieldset ref={fieldset} className={styles.card}>
      <legend className={styles.cardTitle}>{CHECKOUT_TEXT.paymentMethodTitle}</legend>
      {giftCardBalance !== undefined && giftCardBalance > 0 && (
        <label className={styles.option}>
          <input
            type="checkbox"
            checked={useGiftCard}
            disabled={locked}
            onChange={(event) => onUseGiftCardChange(event.target.checked)}
          />
          <span>
            Use gift card balance ({formatRupees(giftCardBalance)})
            <br />
            <span className={styles.muted}>It pays as much of the order as it covers.</span>
          </span>
        </label>
      )}
      {toPay === 0 ? (
        <p className={styles.muted}>{CHECKOUT_TEXT.nothingToPay}</p>
      ) : (
        CHOICES.map((option) => {
          const offline = option.online && !online;
          return (
            <label key={option.value} className={styles.option}>
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={choice === option.value}
                disabled={locked || offline}
                aria-describedby={offline ? `${name}-${option.value}-offline` : undefined}
                onChange={() => onChoiceChange(option.value)}
              />
              <span>
                {option.label}
                {offline ? (
                  <>
                    <br />
                    <span id={`${name}-${option.value}-offline`} className={styles.muted}>
                      {PAYMENT_TEXT.needsConnection}
                    </span>
                  </>
                ) : (
                  option.online && (
                    <>
                      <br />
                      <span className={styles.muted}>{CHECKOUT_TEXT.viaGateway}</span>
                    </>
                  )
                )}
              </span>
            </label>
          );
        })
      )}
      {locked && <p className={styles.muted}>{CHECKOUT_TEXT.lockedToOrder}</p>}
    </fieldset>
  );
}
