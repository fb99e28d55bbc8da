import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent } from 'react';

import type { WalletEntry } from '../../../../server/schemas/order';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { formatDateTime } from '../../../lib/india-time';
import { serverMessage } from '../../../lib/server-message';
import { formatRupees } from '../../../lib/money';
import { AccountPage } from '../../account';
import { SUPPORT_EMAIL } from '../../policies';
import { walletQueryOptions } from '../api/get-wallet';
import { useRedeemGiftCard } from '../api/redeem-giftcard';
import * as styles from './GiftCards.css';

const REDEEM_FAILED = 'We could not redeem this code. Please check your connection and try again.';

/** E-Gift Cards: the balance, redeeming a code into it, and what it was spent on. */
export function GiftCardsPage() {
  const wallet = useQuery(walletQueryOptions());
  return (
    <AccountPage title="E-Gift Cards">
      <section className={styles.balanceCard} aria-labelledby="giftcard-balance">
        <h2 id="giftcard-balance" className={styles.title}>
          Gift card balance
        </h2>
        {wallet.isPending ? (
          <Spinner label="Loading your balance" />
        ) : wallet.isError ? (
          <p className={styles.error} role="alert">
            We could not load your balance.{' '}
            <Button tone="outline" size="sm" onClick={() => void wallet.refetch()}>
              Try again
            </Button>
          </p>
        ) : (
          <p className={styles.balance} data-testid="giftcard-balance">
            {formatRupees(wallet.data.balance)}
          </p>
        )}
        <p className={styles.muted}>
          Use it at <Link to="/checkout">checkout</Link>: it pays part or all of an order.
        </p>
      </section>

      <RedeemForm />

      <section className={styles.card} aria-labelledby="giftcard-history">
        <h2 id="giftcard-history" className={styles.title}>
          History
        </h2>
        {wallet.data && wallet.data.history.length === 0 && <p className={styles.muted}>No gift card activity yet.</p>}
        {wallet.data && wallet.data.history.length > 0 && (
          <ul className={styles.history}>
            {wallet.data.history.map((entry) => (
              <HistoryEntry key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
      </section>

      <section className={styles.card} aria-labelledby="giftcards-safe">
        <h2 id="giftcards-safe" className={styles.title}>
          Keep your code safe
        </h2>
        <ul className={styles.list}>
          <li>Treat a gift card code like cash: anyone who has it can spend it.</li>
          <li>QuickCart will never call or message you to ask for a gift card code or an OTP.</li>
          <li>
            Questions about a gift card? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
          </li>
        </ul>
      </section>
    </AccountPage>
  );
}

function HistoryEntry({ entry }: { entry: WalletEntry }) {
  const when = new Date(entry.at);
  const what =
    entry.kind === 'giftcard'
      ? `Gift card ${entry.codeHint ? `ending ${entry.codeHint}` : ''} redeemed`
      : entry.kind === 'order'
        ? `Paid for order #${entry.orderNumber ?? ''}`
        : `Refund for cancelled order #${entry.orderNumber ?? ''}`;
  return (
    <li className={styles.entry}>
      <span>
        {what}
        <br />
        <span className={styles.muted}>{formatDateTime(when)}</span>
      </span>
      <span className={entry.amount > 0 ? styles.credit : styles.debit}>
        {entry.amount > 0 ? '+' : '−'}
        {formatRupees(Math.abs(entry.amount))}
      </span>
    </li>
  );
}

function RedeemForm() {
  const id = useId();
  const [code, setCode] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const redeem = useRedeemGiftCard();
  const sending = useRef(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // A ref, not isPending: that reaches the render a task later, after a second quick Enter.
    if (sending.current) return;
    if (!code.trim()) {
      setResult({ ok: false, text: 'Please enter your gift card code.' });
      return;
    }
    setResult(null);
    sending.current = true;
    try {
      const answer = await redeem.redeem(code.trim());
      setResult({ ok: true, text: answer.message });
      setCode('');
    } catch (error) {
      setResult({ ok: false, text: serverMessage(error) ?? REDEEM_FAILED });
    } finally {
      sending.current = false;
    }
  }

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        Redeem a gift card
      </h2>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-code`}>Gift card code</label>
          <input
            id={`${id}-code`}
            className={styles.input}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-describedby={result ? `${id}-result` : undefined}
          />
        </div>
        {/* Not disabled while it runs: a disabled button drops the focus to the page's body. */}
        <Button type="submit" aria-disabled={redeem.isPending || undefined}>
          {redeem.isPending ? 'Redeeming…' : 'Redeem'}
        </Button>
      </form>
      {result && (
        <p
          id={`${id}-result`}
          className={result.ok ? styles.success : styles.error}
          role={result.ok ? 'status' : 'alert'}
        >
          {result.text}
        </p>
      )}
    </section>
  );
}
