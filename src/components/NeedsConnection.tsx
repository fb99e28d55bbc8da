import type { ReactNode } from 'react';

import { useOnline } from '../lib/use-online';
import * as styles from './NeedsConnection.css';

interface Props {
  /** What needs the connection, as the shopper would say it: "Checkout", "Signing in". */
  what: string;
  /** Rendered in both states; a function receives whether the browser is online. */
  children?: ReactNode | ((online: boolean) => ReactNode);
}

/**
 * For actions that cannot work offline (checkout, sign-in): while offline it says so above its
 * children, and goes away by itself when the connection returns, so the shopper can carry on.
 * Give the action's button `disabled={!online}` through the render function if it must wait.
 */
export function NeedsConnection({ what, children }: Props) {
  const online = useOnline();
  return (
    <>
      {!online && (
        <p className={styles.needsConnection} role="status">
          You are offline. {what} needs a connection; this will carry on by itself when you are back online.
        </p>
      )}
      {typeof children === 'function' ? children(online) : children}
    </>
  );
}
