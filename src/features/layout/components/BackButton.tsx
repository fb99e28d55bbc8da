import { useCanGoBack, useLocation, useRouter } from '@tanstack/react-router';

import { ArrowLeftIcon } from '../../../components/Icons';
import * as styles from './Header.css';

/** Mobile only (CSS hides it from 768 px): back in history, or home when the app was opened here. */
export function BackButton() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const pathname = useLocation({ select: (location) => location.pathname });
  if (pathname === '/') return null;
  return (
    <button
      type="button"
      className={styles.back}
      aria-label="Go back"
      onClick={() => {
        if (canGoBack) router.history.back();
        else void router.navigate({ to: '/' });
      }}
    >
      <ArrowLeftIcon />
    </button>
  );
}
