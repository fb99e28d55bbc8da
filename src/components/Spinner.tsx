import { visuallyHidden } from '../styles/utilities.css';
import * as styles from './Spinner.css';

interface Props {
  /** Spec: the global loader is full-screen by default. */
  variant?: 'full-screen' | 'inline';
  label?: string;
}

export function Spinner({ variant = 'inline', label = 'Loading' }: Props) {
  return (
    <div className={variant === 'full-screen' ? styles.fullScreen : styles.inline} role="status" aria-live="polite">
      <div className={styles.spinner} aria-hidden />
      <span className={visuallyHidden}>{label}</span>
    </div>
  );
}
