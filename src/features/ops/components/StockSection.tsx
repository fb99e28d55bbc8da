import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useId, useState, type FormEvent } from 'react';

import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { Spinner } from '../../../components/Spinner';
import { title } from '../../../styles/primitives.css';
import type { StaffMe } from '../api';
import {
  adjustStock,
  listStock,
  listStores,
  type AdjustKind,
  type StockFilter,
  type StockLine,
  type StockPage,
} from '../stock-api';
import * as styles from './ops.css';
import { Pager } from './Pager';
import { ProductFinder } from './ProductFinder';

const KINDS: { kind: AdjustKind; label: string; quantityLabel: string }[] = [
  { kind: 'set', label: 'Set the count', quantityLabel: 'Units on the shelf now' },
  { kind: 'receive', label: 'Add a delivery', quantityLabel: 'Units delivered' },
  { kind: 'write-off', label: 'Write off', quantityLabel: 'Units to write off' },
];

const FILTERS: { value: StockFilter; label: string }[] = [
  { value: 'all', label: 'All products' },
  { value: 'low', label: 'Low (5 or fewer)' },
  { value: 'out', label: 'Out of stock' },
];

const countText = (line: StockLine) =>
  !line.sold ? 'Not sold' : line.stock === 0 ? 'Out of stock' : `${line.stock} in stock`;

/**
 * Stock per dark store (decision 034): a store's products with their counts, searchable, low or
 * out of stock first on request, and an adjust dialog (set the count, add a delivery, write off)
 * with a reason. Pickers and managers see their own store; an admin chooses one.
 */
export function StockSection({ staff }: { staff: StaffMe }) {
  const isAdmin = staff.storeId === null;
  const stores = useQuery({ queryKey: ['ops', 'stores'], queryFn: listStores, enabled: isAdmin, staleTime: 300_000 });
  const [chosenStore, setChosenStore] = useState<number | null>(null);
  const store = isAdmin ? (chosenStore ?? stores.data?.[0]?.id ?? null) : null;
  const [q, setQ] = useState('');
  const deferredQ = useDeferredValue(q.trim());
  const [filter, setFilter] = useState<StockFilter>('all');
  const [lowFirst, setLowFirst] = useState(false);
  const [page, setPage] = useState(1);
  const [adjusting, setAdjusting] = useState<StockLine | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const stock = useQuery({
    queryKey: ['ops', 'stock', store, deferredQ, filter, lowFirst, page],
    queryFn: () => listStock({ store, q: deferredQ, filter, lowFirst, page }),
    enabled: !isAdmin || store !== null,
    placeholderData: keepPreviousData,
  });
  const pages = stock.data ? Math.max(1, Math.ceil(stock.data.total / stock.data.pageSize)) : 1;
  const filterId = useId();

  return (
    <section className={styles.panel} aria-labelledby="stock-title">
      <div className={styles.header}>
        <h2 id="stock-title" className={title.lg}>
          Stock{stock.data && ` at ${stock.data.store.name}, ${stock.data.store.city}`}
        </h2>
      </div>
      {saved && (
        <p className={styles.success} role="status">
          {saved}
        </p>
      )}
      <div className={styles.toolbar}>
        {isAdmin && (
          <label className={styles.label}>
            Dark store
            <select
              className={styles.input}
              value={store ?? ''}
              onChange={(e) => {
                setChosenStore(Number(e.target.value));
                setPage(1);
                setSaved(null);
              }}
              disabled={!stores.data}
            >
              {stores.data?.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}, {s.city}
                </option>
              ))}
            </select>
          </label>
        )}
        <ProductFinder
          value={q}
          onChange={(value) => {
            setQ(value);
            setPage(1);
          }}
        />
        <label className={styles.label} htmlFor={filterId}>
          Show
          <select
            id={filterId}
            className={styles.input}
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as StockFilter);
              setPage(1);
            }}
          >
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.radio}>
          <input
            type="checkbox"
            checked={lowFirst}
            onChange={(e) => {
              setLowFirst(e.target.checked);
              setPage(1);
            }}
          />
          Fewest left first
        </label>
      </div>
      {isAdmin && stores.isError ? (
        <div className={styles.error} role="alert">
          {stores.error.message}{' '}
          <Button tone="outline" onClick={() => void stores.refetch()}>
            Try again
          </Button>
        </div>
      ) : stock.isPending ? (
        <Spinner label="Loading stock" />
      ) : stock.isError ? (
        <div className={styles.error} role="alert">
          {stock.error.message}{' '}
          <Button tone="outline" onClick={() => void stock.refetch()}>
            Try again
          </Button>
        </div>
      ) : stock.data.data.length === 0 ? (
        <p className={styles.meta}>
          {deferredQ
            ? `No product matches “${deferredQ}”. Try part of the name or the brand.`
            : filter === 'out'
              ? 'Nothing is out of stock at this store.'
              : filter === 'low'
                ? 'Nothing is running low at this store.'
                : 'This store has no products yet.'}
        </p>
      ) : (
        <>
          <p className={styles.meta} aria-live="polite">
            {stock.data.total} products{deferredQ && ` matching “${deferredQ}”`}
          </p>
          <ul className={styles.list} aria-label="Stock">
            {stock.data.data.map((line) => (
              <li key={line.productId} className={styles.item}>
                <img className={styles.thumb} src={line.img} alt="" width={48} height={48} loading="lazy" />
                <div>
                  <div className={styles.name}>{line.name}</div>
                  <div className={styles.meta}>
                    {line.packSize} · #{line.productId} ·{' '}
                    <span className={line.sold && line.stock > 5 ? undefined : styles.fieldError}>
                      {countText(line)}
                    </span>
                  </div>
                </div>
                {stock.data.mayAdjust && line.sold && (
                  <Button
                    tone="outline"
                    aria-label={`Adjust stock of ${line.name}`}
                    onClick={() => {
                      setSaved(null);
                      setAdjusting(line);
                    }}
                  >
                    Adjust
                  </Button>
                )}
              </li>
            ))}
          </ul>
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}
      {stock.data && (
        <AdjustDialog
          line={adjusting}
          page={stock.data}
          adminStore={store}
          onClose={() => setAdjusting(null)}
          onSaved={(message) => {
            setAdjusting(null);
            setSaved(message);
          }}
        />
      )}
    </section>
  );
}

interface DialogProps {
  line: StockLine | null;
  page: StockPage;
  /** The store an admin chose (sent with the adjustment); null for a picker's or manager's own. */
  adminStore: number | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

function AdjustDialog({ line, page, adminStore, onClose, onSaved }: DialogProps) {
  return (
    <Dialog open={line !== null} onClose={onClose} title={line ? `Adjust ${line.name}` : 'Adjust stock'}>
      {line && (
        <AdjustForm
          key={line.productId}
          line={line}
          page={page}
          adminStore={adminStore}
          onCancel={onClose}
          onSaved={onSaved}
        />
      )}
    </Dialog>
  );
}

function AdjustForm({
  line,
  page,
  adminStore,
  onCancel,
  onSaved,
}: Omit<DialogProps, 'line' | 'onClose'> & { line: StockLine; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<AdjustKind>('set');
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const current = KINDS.find((k) => k.kind === kind)!;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const n = Number(quantity);
    if (quantity.trim() === '' || !Number.isInteger(n) || n < 0) {
      setProblem('Enter a whole number of units (0 or more).');
      return;
    }
    if (reason.trim().length < 3) {
      setProblem('Say why (at least 3 characters): it goes in the audit log.');
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const result = await adjustStock({ store: adminStore, productId: line.productId, kind, quantity: n, reason });
      await queryClient.invalidateQueries({ queryKey: ['ops', 'stock'] });
      onSaved(`Saved. ${line.name}: ${result.before} → ${result.stock} at ${page.store.name}.`);
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={styles.panel} aria-label="Adjust stock">
      <p className={styles.meta}>
        {page.store.name}: {countText(line)} now.
      </p>
      <fieldset className={styles.radios}>
        <legend className={styles.label}>What happened</legend>
        {KINDS.map((k) => (
          <label key={k.kind} className={styles.radio}>
            <input
              type="radio"
              name={`${ids}-kind`}
              value={k.kind}
              checked={kind === k.kind}
              onChange={() => setKind(k.kind)}
            />
            {k.label}
          </label>
        ))}
      </fieldset>
      <label className={styles.label}>
        {current.quantityLabel}
        <input
          className={styles.input}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          required
        />
      </label>
      <label className={styles.label}>
        Reason
        <input
          className={styles.input}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={200}
          placeholder="e.g. Morning delivery, shelf count, damaged packs"
          required
        />
      </label>
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.row}>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </Button>
        <Button type="button" tone="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
