import type { PayStatus } from '../../payment';
import { STATUS_LABEL } from '../format';
import * as styles from './Orders.css';

export function StatusBadge({ status }: { status: PayStatus }) {
  return (
    <span className={styles.badge[status]} data-status={status}>
      {STATUS_LABEL[status]}
    </span>
  );
}
