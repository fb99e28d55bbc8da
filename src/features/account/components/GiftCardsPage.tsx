import { SUPPORT_EMAIL } from '../../policies';
import * as styles from './Account.css';
import { AccountPage } from './AccountPage';

/** E-Gift Cards: what they are and where redeeming is headed; honest that it is not live yet. */
export function GiftCardsPage() {
  return (
    <AccountPage title="E-Gift Cards">
      <section className={styles.card} aria-labelledby="giftcards-what">
        <h2 id="giftcards-what" className={styles.cardTitle}>
          What is a QuickCart e-gift card?
        </h2>
        <div className={styles.prose}>
          <p>
            A digital voucher with a code and a value in rupees. Whoever holds the code can use it towards groceries and
            everyday essentials on QuickCart.
          </p>
        </div>
      </section>
      <section className={styles.card} aria-labelledby="giftcards-redeem">
        <h2 id="giftcards-redeem" className={styles.cardTitle}>
          Redeem a gift card
        </h2>
        <div className={styles.prose}>
          <p>
            Redeeming comes with online checkout. Once it is live you will enter your gift card code at checkout and its
            value will be taken off your bill. Until then, orders are paid cash on delivery.
          </p>
          <p className={styles.muted}>Buying e-gift cards for others is not available yet.</p>
        </div>
      </section>
      <section className={styles.card} aria-labelledby="giftcards-safe">
        <h2 id="giftcards-safe" className={styles.cardTitle}>
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
