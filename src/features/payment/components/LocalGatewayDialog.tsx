import { useEffect, useId, useRef } from 'react';

import { Button } from '../../../components/Button';
import { DialogFrame, useModalDialog } from '../../../components/Dialog';
import { formatRupees } from '../../../lib/money';
import type { CheckoutSession, GatewayOutcome, LocalGatewayMessage } from '../types';
import * as styles from './Payment.css';

interface Props {
  /** The session to pay; the dialog is open while there is one. */
  session: CheckoutSession | null;
  onOutcome: (outcome: GatewayOutcome) => void;
}

/** Whether a message event is the local gateway's page speaking about this gateway order. */
export function gatewayMessage(
  event: MessageEvent,
  frame: Window | null | undefined,
  gatewayOrderId: string,
): LocalGatewayMessage | null {
  if (event.origin !== window.location.origin || !frame || event.source !== frame) return null;
  const data = event.data as Partial<LocalGatewayMessage> | null;
  if (typeof data !== 'object' || data === null || data.source !== 'local-gateway') return null;
  if (data.gatewayOrderId !== gatewayOrderId) return null;
  return data as LocalGatewayMessage;
}

/**
 * The local gateway (PAYMENT_PROVIDER=local) in a modal dialog: its page in an iframe, and its
 * messages turned into the outcome Razorpay Checkout's callbacks would give. Closing the dialog
 * (Escape, the Close button) is a dismissal, as closing Razorpay's modal is.
 */
export function LocalGatewayDialog({ session, onOutcome }: Props) {
  const titleId = useId();
  const frame = useRef<HTMLIFrameElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const outcome = useRef(onOutcome);
  useEffect(() => {
    outcome.current = onOutcome;
  });
  const settled = useRef(false);
  const open = session !== null;

  const settle = (result: GatewayOutcome) => {
    if (settled.current) return;
    settled.current = true;
    outcome.current(result);
  };

  const dialog = useModalDialog(open, () => settle({ kind: 'dismissed' }), heading);

  useEffect(() => {
    if (!session) return;
    settled.current = false;
    const listen = (event: MessageEvent) => {
      const message = gatewayMessage(event, frame.current?.contentWindow, session.gatewayOrderId);
      if (!message) return;
      if (message.event === 'paid') {
        settle({
          kind: 'paid',
          gatewayOrderId: message.gatewayOrderId,
          paymentId: message.paymentId,
          signature: message.signature,
        });
      } else if (message.event === 'failed') {
        settle({ kind: 'failed', description: message.description || null });
      } else {
        settle({ kind: 'dismissed' });
      }
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [session]);

  return (
    <DialogFrame
      dialogRef={dialog}
      open={open}
      labelledBy={titleId}
      onBackdropClick={() => undefined}
      onCancel={(event) => {
        event.preventDefault();
        settle({ kind: 'dismissed' });
      }}
    >
      {session && (
        <>
          <div className={styles.gatewayHeader}>
            <h2 id={titleId} ref={heading} tabIndex={-1} className={styles.gatewayTitle}>
              Pay {formatRupees(session.amountPaise / 100)}
            </h2>
            <Button tone="outline" size="sm" onClick={() => settle({ kind: 'dismissed' })}>
              Close
            </Button>
          </div>
          <iframe ref={frame} className={styles.gatewayFrame} src={session.pageUrl ?? undefined} title="Payment page" />
        </>
      )}
    </DialogFrame>
  );
}
