import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { formatDateTime } from '../../../lib/india-time';
import { title } from '../../../styles/primitives.css';
import { listAudit } from '../api';
import * as styles from './ops.css';

const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 1));

/** The audit log for admins: newest first, by staff member or product, a page at a time. */
export function AuditSection() {
  const [draft, setDraft] = useState({ mobile: '', productId: '' });
  const [filters, setFilters] = useState<{ mobile?: string; productId?: number }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const audit = useInfiniteQuery({
    queryKey: ['ops', 'audit', filters],
    queryFn: ({ pageParam }) => listAudit({ ...filters, before: pageParam }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const mobile = draft.mobile.replace(/\D/g, '').slice(-10);
    if (draft.mobile.trim() && !/^[6-9]\d{9}$/.test(mobile)) {
      setProblem('Enter the staff member’s 10-digit mobile number.');
      return;
    }
    if (draft.productId.trim() && !/^\d{1,9}$/.test(draft.productId.trim())) {
      setProblem('A product id is a number, as the catalogue shows it (#123).');
      return;
    }
    setProblem(null);
    setFilters({
      ...(mobile && draft.mobile.trim() && { mobile }),
      ...(draft.productId.trim() && { productId: Number(draft.productId.trim()) }),
    });
  };

  const records = audit.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section className={styles.panel} aria-labelledby="audit-title">
      <h2 id="audit-title" className={title.lg}>
        Audit log
      </h2>
      <form className={styles.toolbar} onSubmit={apply} aria-label="Filter the audit log">
        <label className={styles.label}>
          Staff mobile
          <input
            className={styles.input}
            inputMode="tel"
            value={draft.mobile}
            onChange={(e) => setDraft({ ...draft, mobile: e.target.value })}
          />
        </label>
        <label className={styles.label}>
          Product id
          <input
            className={styles.input}
            inputMode="numeric"
            value={draft.productId}
            onChange={(e) => setDraft({ ...draft, productId: e.target.value })}
          />
        </label>
        <Button type="submit">Filter</Button>
      </form>
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
      {audit.isPending ? (
        <Spinner label="Loading the audit log" />
      ) : audit.isError ? (
        <div className={styles.error} role="alert">
          {audit.error.message}{' '}
          <Button tone="outline" onClick={() => void audit.refetch()}>
            Try again
          </Button>
        </div>
      ) : records.length === 0 ? (
        <p className={styles.meta}>Nothing recorded{Object.keys(filters).length > 0 && ' for this filter'}.</p>
      ) : (
        <>
          <ol className={styles.list} aria-label="Audit records, newest first">
            {records.map((r) => (
              <li key={r.id} className={styles.auditItem}>
                <strong>
                  {r.action} · {r.targetType} {r.targetId}
                </strong>
                <span className={styles.meta}>
                  {formatDateTime(r.at, { seconds: true })} ·{' '}
                  {r.actor === 'cli' ? 'server command line' : r.staffMobile}
                </span>
                <div className={styles.split}>
                  <pre className={styles.code} aria-label="Before">
                    {show(r.before)}
                  </pre>
                  <pre className={styles.code} aria-label="After">
                    {show(r.after)}
                  </pre>
                </div>
              </li>
            ))}
          </ol>
          {audit.hasNextPage && (
            <div>
              <Button tone="outline" disabled={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
                {audit.isFetchingNextPage ? 'Loading…' : 'Older records'}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
