import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { Spinner } from '../../../components/Spinner';
import { formatTime } from '../../../lib/india-time';
import { formatRupees } from '../../../lib/money';
import { title } from '../../../styles/primitives.css';
import { getMe, type StaffMe } from '../api';
import {
  advanceBoardOrder,
  cancelBoardOrder,
  getPickingList,
  listBoardOrders,
  ORDER_STREAM_URL,
  type BoardOrder,
  type BoardStatus,
  type OrderStreamEvent,
} from '../orders-api';
import * as styles from './ops.css';
import * as board from './orders.css';

const COLUMNS: { status: BoardStatus; label: string }[] = [
  { status: 'processing', label: 'To pack' },
  { status: 'packed', label: 'Packed' },
  { status: 'dispatched', label: 'On the way' },
];

const NEXT_ACTION: Partial<Record<BoardStatus, string>> = {
  processing: 'Pack',
  packed: 'Dispatch',
  dispatched: 'Delivered',
};

const VIEWS = [
  { value: 'active', label: 'Active' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;

/** An order waiting longer than this is shown in red: quick commerce promises minutes. */
const LATE_SECONDS = 10 * 60;

const SOUND_KEY = 'ops-orders-sound';

export function formatWaited(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m}:${sec}`;
}

/** A short two-note chime through Web Audio (no file to load); only after the user turned sound on. */
function chime() {
  try {
    const AudioCtx = window.AudioContext;
    if (!AudioCtx) return;
    const ctx = new AudioCtx();
    const gain = ctx.createGain();
    gain.gain.value = 0.08;
    gain.connect(ctx.destination);
    [880, 1320].forEach((frequency, i) => {
      const osc = ctx.createOscillator();
      osc.frequency.value = frequency;
      osc.connect(gain);
      osc.start(ctx.currentTime + i * 0.15);
      osc.stop(ctx.currentTime + i * 0.15 + 0.12);
    });
    setTimeout(() => void ctx.close(), 600);
  } catch {
    // No audio: the badge still says it.
  }
}

type Connection = 'connecting' | 'live' | 'reconnecting';

/**
 * The store's order events over SSE: the board's query is refreshed on each, a new order counted.
 * EventSource reconnects by itself (with Last-Event-ID); a stream the server refused (a session
 * that ran out) is reopened after the session is refreshed.
 */
function useOrderStream(onPlaced: (event: OrderStreamEvent) => void): Connection {
  const queryClient = useQueryClient();
  const [connection, setConnection] = useState<Connection>('connecting');
  const placed = useRef(onPlaced);
  useEffect(() => {
    placed.current = onPlaced;
  });
  useEffect(() => {
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const open = () => {
      source = new EventSource(ORDER_STREAM_URL);
      source.onopen = () => {
        setConnection('live');
        // Whatever happened while away is in the list now.
        void queryClient.invalidateQueries({ queryKey: ['ops', 'orders'] });
      };
      source.addEventListener('order', (message) => {
        let event: OrderStreamEvent;
        try {
          event = JSON.parse((message as MessageEvent<string>).data) as OrderStreamEvent;
        } catch {
          return;
        }
        if (event.kind === 'placed') placed.current(event);
        void queryClient.invalidateQueries({ queryKey: ['ops', 'orders'] });
      });
      source.onerror = () => {
        setConnection('reconnecting');
        if (source?.readyState !== EventSource.CLOSED) return;
        // Refused (not a dropped connection): refresh the session, then open again.
        source = null;
        retry = setTimeout(() => {
          void getMe()
            .catch(() => {})
            .finally(() => {
              if (!stopped) open();
            });
        }, 3000);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [queryClient]);
  return connection;
}

/** The live orders board of the staff member's store (all stores for an admin). */
export function OrdersSection({ staff }: { staff: StaffMe }) {
  const queryClient = useQueryClient();
  const [view, setView] = useState<(typeof VIEWS)[number]['value']>('active');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [newIds, setNewIds] = useState<string[]>([]);
  const [sound, setSound] = useState(() => {
    try {
      return localStorage.getItem(SOUND_KEY) === 'on';
    } catch {
      return false;
    }
  });
  const soundRef = useRef(sound);
  useEffect(() => {
    soundRef.current = sound;
  }, [sound]);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const connection = useOrderStream((event) => {
    setNewIds((ids) => (ids.includes(event.orderId) ? ids : [...ids, event.orderId]));
    setAnnouncement(`New order #${event.number}`);
    if (soundRef.current) chime();
  });

  const filters = q ? { q } : { status: view };
  const orders = useQuery({
    queryKey: ['ops', 'orders', filters],
    queryFn: () => listBoardOrders(filters),
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    const value = draft.trim();
    const digits = value.replace(/[\s-]/g, '').replace(/^\+91/, '');
    if (value && !/^\d{1,10}$/.test(digits)) {
      setProblem('Search by an order number or the shopper’s 10-digit mobile.');
      return;
    }
    setProblem(null);
    setQ(value);
  };

  const toggleSound = (on: boolean) => {
    setSound(on);
    try {
      localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
    } catch {
      // Private mode: it lasts for this page.
    }
    if (on) chime();
  };

  const done = (message: string) => {
    setAnnouncement(message);
    void queryClient.invalidateQueries({ queryKey: ['ops', 'orders'] });
  };

  const list = orders.data?.orders ?? [];
  const waitedNow = (order: BoardOrder) =>
    order.status === 'delivered' || order.status === 'cancelled'
      ? order.waitedSeconds
      : order.waitedSeconds + (now - (orders.data?.receivedAt ?? now)) / 1000;

  const renderCard = (order: BoardOrder) => (
    <OrderCard
      key={order.id}
      order={order}
      staff={staff}
      waited={waitedNow(order)}
      fresh={newIds.includes(order.id)}
      onSeen={() => setNewIds((ids) => ids.filter((id) => id !== order.id))}
      onDone={done}
    />
  );

  return (
    <section className={styles.panel} aria-labelledby="orders-title">
      <div className={styles.header}>
        <h2 id="orders-title" className={title.lg}>
          Orders{' '}
          {newIds.length > 0 && (
            <button
              type="button"
              className={board.badge}
              onClick={() => setNewIds([])}
              aria-label={`${newIds.length} new ${newIds.length === 1 ? 'order' : 'orders'}; mark as seen`}
            >
              {newIds.length} new
            </button>
          )}
        </h2>
        <span className={connection === 'live' ? board.connection.live : board.connection.reconnecting} role="status">
          {connection === 'live' ? 'Live' : connection === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
        </span>
      </div>
      <p className={styles.hint} aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      <div className={styles.toolbar}>
        <form className={styles.toolbar} onSubmit={search} role="search" aria-label="Find an order">
          <label className={styles.label}>
            Order number or mobile
            <input className={styles.input} inputMode="tel" value={draft} onChange={(e) => setDraft(e.target.value)} />
          </label>
          <Button type="submit">Search</Button>
          {q && (
            <Button
              tone="outline"
              onClick={() => {
                setDraft('');
                setQ('');
              }}
            >
              Clear
            </Button>
          )}
        </form>
        {!q && (
          <label className={styles.label}>
            Show
            <select className={styles.input} value={view} onChange={(e) => setView(e.target.value as typeof view)}>
              {VIEWS.map((v) => (
                <option key={v.value} value={v.value}>
                  {v.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className={styles.radio}>
          <input type="checkbox" checked={sound} onChange={(e) => toggleSound(e.target.checked)} />
          Sound for new orders
        </label>
      </div>
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
      {orders.isPending ? (
        <Spinner label="Loading orders" />
      ) : orders.isError ? (
        <div className={styles.error} role="alert">
          {orders.error.message}{' '}
          <Button tone="outline" onClick={() => void orders.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className={styles.meta}>
          {q ? `No order matches “${q}”.` : view === 'active' ? 'No orders to handle right now.' : `No ${view} orders.`}
        </p>
      ) : q || view !== 'active' ? (
        <ul className={board.cards} aria-label={q ? 'Orders found' : `${view} orders`}>
          {list.map(renderCard)}
        </ul>
      ) : (
        <div className={board.columns}>
          {COLUMNS.map((column) => {
            const inColumn = list.filter((o) => o.status === column.status);
            const id = `orders-${column.status}`;
            return (
              <section key={column.status} className={board.column} aria-labelledby={id}>
                <h3 id={id} className={board.columnTitle}>
                  {column.label} <span className={styles.meta}>{inColumn.length}</span>
                </h3>
                {inColumn.length === 0 ? (
                  <p className={styles.meta}>None.</p>
                ) : (
                  <ul className={board.cards}>{inColumn.map(renderCard)}</ul>
                )}
              </section>
            );
          })}
        </div>
      )}
    </section>
  );
}

/** One order on the board; exported for its test. */
export function OrderCard({
  order,
  staff,
  waited,
  fresh,
  onSeen,
  onDone,
}: {
  order: BoardOrder;
  staff: StaffMe;
  waited: number;
  fresh: boolean;
  onSeen: () => void;
  onDone: (message: string) => void;
}) {
  const [picking, setPicking] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pickId = useId();
  const advance = useMutation({
    mutationFn: () => advanceBoardOrder(order.id),
    onSuccess: (result) => {
      setError(null);
      onDone(result.message);
    },
    onError: (e) => setError(e.message),
  });
  const next = NEXT_ACTION[order.status];
  const active = order.status !== 'delivered' && order.status !== 'cancelled';
  const canCancel = staff.may.cancelOrders && (order.status === 'processing' || order.status === 'packed');
  const placed = formatTime(order.placedAt);
  return (
    <li
      className={`${board.orderCard} ${fresh ? board.fresh : ''}`}
      aria-label={`Order #${order.number}`}
      data-order={order.number}
      data-status={order.status}
      onFocus={fresh ? onSeen : undefined}
    >
      <div className={board.cardHead}>
        <span className={board.number}>#{order.number}</span>
        <span
          className={active && waited > LATE_SECONDS ? board.waited.late : board.waited.ok}
          title={`Placed at ${placed}`}
        >
          {active ? 'Waiting ' : 'Took '}
          <span aria-label={`${Math.floor(waited / 60)} minutes`}>{formatWaited(waited)}</span>
        </span>
      </div>
      <span>
        {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'} · {formatRupees(order.total)} ·{' '}
        {order.paymentMethod}
      </span>
      <span className={styles.meta}>
        {order.status} · placed {placed} · {order.mobile}
        {staff.storeId === null && ` · ${order.storeName}`}
      </span>
      {order.cancelReason && <span className={styles.meta}>Reason: {order.cancelReason}</span>}
      <div className={board.actions}>
        {next && staff.may.advanceOrders && (
          <Button size="sm" disabled={advance.isPending} onClick={() => advance.mutate()}>
            {advance.isPending ? 'Saving…' : `${next} #${order.number}`}
          </Button>
        )}
        <Button
          size="sm"
          tone="outline"
          aria-expanded={picking}
          aria-controls={pickId}
          onClick={() => setPicking(!picking)}
        >
          Picking list
        </Button>
        {canCancel && (
          <Button size="sm" tone="outline" onClick={() => setCancelling(true)}>
            Cancel…
          </Button>
        )}
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div id={pickId}>{picking && <PickingList orderId={order.id} />}</div>
      {cancelling && (
        <CancelDialog
          order={order}
          onClose={() => setCancelling(false)}
          onCancelled={(message) => {
            setCancelling(false);
            onDone(message);
          }}
        />
      )}
    </li>
  );
}

function PickingList({ orderId }: { orderId: string }) {
  const list = useQuery({ queryKey: ['ops', 'orders', 'pick', orderId], queryFn: () => getPickingList(orderId) });
  if (list.isPending) return <Spinner label="Loading the picking list" />;
  if (list.isError)
    return (
      <div className={styles.error} role="alert">
        {list.error.message}{' '}
        <Button size="sm" tone="outline" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  return (
    <>
      <ol className={board.pickList} aria-label="Picking list, in shelf order">
        {list.data.lines.map((line) => (
          <li key={line.productId}>
            <strong>{line.quantity} ×</strong> {line.name} ({line.packSize}){' '}
            <span className={styles.meta}>
              {line.category} › {line.subcategory}
            </span>
          </li>
        ))}
      </ol>
      <span className={styles.hint}>{list.data.shelfOrder}</span>
    </>
  );
}

function CancelDialog({
  order,
  onClose,
  onCancelled,
}: {
  order: BoardOrder;
  onClose: () => void;
  onCancelled: (message: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const formId = useId();
  const cancel = useMutation({
    mutationFn: () => cancelBoardOrder(order.id, reason.trim()),
    onSuccess: (result) => onCancelled(result.message),
    onError: (e) => setProblem(e.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setProblem('Say why the order is cancelled: the shopper sees it.');
      return;
    }
    setProblem(null);
    cancel.mutate();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Cancel order #${order.number}?`}
      actions={
        <>
          <Button tone="outline" onClick={onClose}>
            Keep the order
          </Button>
          <Button type="submit" form={formId} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel the order'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <label className={styles.label}>
          Reason (the shopper sees it)
          <textarea
            className={`${styles.input} ${board.textarea}`}
            maxLength={200}
            required
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={problem ? true : undefined}
          />
        </label>
        <p className={styles.meta}>Its stock goes back on the shelf; a paid online payment is refunded.</p>
        {problem && (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        )}
      </form>
    </Dialog>
  );
}
