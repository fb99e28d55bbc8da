import { useEffect, useState } from 'react';

import type { Order } from '../../../../server/schemas/order';
import { placedAt } from '../format';
import { etaText, timelineSteps } from '../timeline';
import * as styles from './Orders.css';

/**
 * Placed, packed, on the way, delivered (or cancelled), each with its time (issue 19), and while
 * the order is on its way to the door, the minutes left until the estimate (which the server
 * corrects when the order is packed and dispatched).
 */
export function OrderTimeline({ order }: { order: Order }) {
  const steps = timelineSteps(order);
  return (
    <section className={styles.section} aria-labelledby="order-timeline">
      <h2 id="order-timeline" className={styles.sectionTitle}>
        Tracking
      </h2>
      {order.expectedBy && <Countdown expectedBy={order.expectedBy} />}
      <ol className={styles.timeline}>
        {steps.map((step) => (
          <li
            key={step.key}
            className={styles.step}
            aria-current={step.state === 'current' ? 'step' : undefined}
            data-state={step.state}
          >
            <span className={styles.dot[step.state]} aria-hidden="true" />
            <span className={styles.stepLabel[step.state]}>{step.label}</span>
            <span className={styles.muted}>
              {step.at ? <time dateTime={step.at}>{placedAt(step.at).time}</time> : '—'}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Countdown({ expectedBy }: { expectedBy: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className={styles.eta} role="timer" aria-live="off">
      {etaText(expectedBy, now)}
    </p>
  );
}
