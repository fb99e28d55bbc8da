import type { ReactNode } from 'react';

import * as styles from './AppLayout.css';
import { Footer } from './Footer';
import { Header } from './Header';

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <Header />
      <main className={styles.main} id="main">
        {children}
      </main>
      <Footer />
    </>
  );
}
