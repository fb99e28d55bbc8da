import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';

import { ScrollToTop } from '../../../components/ScrollToTop';
import { isConsolePath } from '../../../lib/console-path';
import { retryingImport } from '../../../lib/retrying-import';
import { CartPanel, FloatingCartBar } from '../../cart';
import { NotDeliveredHere } from '../../location';
import * as styles from './AppLayout.css';

// Below the fold on every page: it need not hold up the first paint.
const Footer = lazy(retryingImport(() => import('./Footer').then((m) => ({ default: m.Footer }))));
import { GlobalLoader } from './GlobalLoader';
import { Header } from './Header';

/**
 * What every page starts with: the skip link, the header and the main region. The build also
 * renders it alone into index.html (src/shell.tsx), so the header paints before any script runs.
 */
export function AppFrame({ children, deliveryNotice = true }: { children?: ReactNode; deliveryNotice?: boolean }) {
  return (
    <>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <Header />
      <main className={styles.main} id="main" tabIndex={-1}>
        {/* Nothing on the server and until the chosen place's answer is known. */}
        {deliveryNotice && (
          <Suspense fallback={null}>
            <NotDeliveredHere />
          </Suspense>
        )}
        {children}
      </main>
    </>
  );
}

/**
 * The shopper's pages in their frame, footer and cart. The store console (/ops) draws its own
 * shell in its lazy chunk: it gets only the page and the app-wide loader (decision 038).
 */
export function AppLayout({ children }: { children: ReactNode }) {
  // Which kind of page, not the path: a new path alone renders nothing again here.
  const kind = useRouterState({
    select: ({ location: { pathname } }) =>
      isConsolePath(pathname) ? 'console' : pathname === '/checkout' ? 'checkout' : 'shop',
  });
  const staffPage = kind === 'console';
  return (
    <>
      {staffPage ? (
        children
      ) : (
        <>
          {/* The checkout delivers to an address, and says itself whether the store delivers there. */}
          <AppFrame deliveryNotice={kind !== 'checkout'}>{children}</AppFrame>
          <Suspense fallback={null}>
            <Footer />
          </Suspense>
          <FloatingCartBar />
          <CartPanel />
        </>
      )}
      {/* At checkout it covered Place order and Pay another way on a phone: the page is short anyway. */}
      {kind !== 'checkout' && <ScrollToTop />}
      <GlobalLoader />
    </>
  );
}
