import { Button } from '../../../components/Button';
import * as styles from './ops.css';

/** Previous and next page under a console list, with where the list is; nothing for one page. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <div className={styles.row}>
      <Button tone="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <span className={styles.meta}>
        Page {page} of {pages}
      </span>
      <Button tone="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next page
      </Button>
    </div>
  );
}
