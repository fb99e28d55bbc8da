import { lazy, Suspense, type ReactNode } from 'react';

import { ScrollToTop } from '../../../components/ScrollToTop';
import { CartPanel, FloatingCartBar } from '../../cart';
import * as styles from './AppLayout.css';

// Below the fold on every page: it need not hold up the first paint.
const Footer = lazy(() => import('./Footer').then((m) => ({ default: m.Footer })));
import { GlobalLoader } from './GlobalLoader';
import { Header } from './Header';

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <Header />
      <main className={styles.main} id="main" tabIndex={-1}>
        {children}
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <FloatingCartBar />
      <CartPanel />
      <ScrollToTop />
      <GlobalLoader />
    </>
  );
}
