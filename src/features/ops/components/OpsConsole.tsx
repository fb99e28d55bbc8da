import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';

import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { title } from '../../../styles/primitives.css';
import { visuallyHidden } from '../../../styles/utilities.css';
import { displayMobile, useLogout, useSession } from '../../auth';
import { usePopup } from '../../popups';
import { getMe, OpsError, type StaffMe } from '../api';
import { AuditSection } from './AuditSection';
import { CatalogueSection } from './CatalogueSection';
import { OrdersSection } from './OrdersSection';
import { StockSection } from './StockSection';
import * as styles from './ops.css';

/**
 * The sections of the console, in navigation order. Orders and stock per store come next
 * (issue 18's second part) and take their place here, each with the roles that see it.
 */
const SECTIONS = [
  { path: '', label: 'Catalogue', visible: (_me: StaffMe) => true },
  { path: 'orders', label: 'Orders', visible: (_me: StaffMe) => true },
  // Every role reads its store's stock (an admin any store's); managers and admins adjust it.
  { path: 'stock', label: 'Stock', visible: (_me: StaffMe) => true },
  { path: 'audit', label: 'Audit log', visible: (me: StaffMe) => me.may.readAudit },
] as const;

const ROLE_NAMES: Record<StaffMe['role'], string> = { picker: 'Picker', manager: 'Manager', admin: 'Admin' };

/** `/ops/*`: the store console. Signed-in staff only; what it shows follows the role. */
export function OpsConsole() {
  const session = useSession();
  const { _splat: splat = '' } = useParams({ strict: false });
  const login = usePopup('login');
  const me = useQuery({
    queryKey: ['ops', 'me', session?.user.id],
    queryFn: getMe,
    enabled: session !== null,
    retry: (count, error) => !(error instanceof OpsError && error.status >= 400 && error.status < 500) && count < 2,
    staleTime: 60_000,
  });

  if (!session) {
    return (
      <ConsoleFrame staff={null} signedIn={false}>
        <section className={styles.panel} aria-labelledby="ops-title">
          <h1 id="ops-title" className={title.xl}>
            Store console
          </h1>
          <p>Sign in with the mobile number the store registered for you. We send a one-time code by SMS.</p>
          <div>
            <Button onClick={() => void login.open()}>Sign in</Button>
          </div>
        </section>
      </ConsoleFrame>
    );
  }
  if (me.isPending) {
    return (
      <ConsoleFrame staff={null} signedIn>
        <Spinner label="Opening the store console" />
      </ConsoleFrame>
    );
  }
  if (me.isError) {
    const notStaff = me.error instanceof OpsError && me.error.status === 403;
    return (
      <ConsoleFrame staff={null} signedIn>
        <section className={styles.panel} aria-labelledby="ops-title">
          <h1 id="ops-title" className={title.xl}>
            Store console
          </h1>
          <p className={styles.error} role="alert">
            {notStaff
              ? `${displayMobile(session.user.mobile)} is not on the store’s staff. Ask an admin to add you, or sign out and sign in with your staff number.`
              : me.error.message}
          </p>
          {!notStaff && (
            <div>
              <Button onClick={() => void me.refetch()}>Try again</Button>
            </div>
          )}
        </section>
      </ConsoleFrame>
    );
  }
  const staff = me.data;
  const sections = SECTIONS.filter((s) => s.visible(staff));
  const current = sections.find((s) => s.path === splat.replace(/\/$/, '')) ?? sections[0]!;
  return (
    <ConsoleFrame staff={staff} signedIn sections={sections} current={current}>
      <SectionHeading section={current} />
      {current.path === 'audit' ? (
        <AuditSection />
      ) : current.path === 'orders' ? (
        <OrdersSection staff={staff} />
      ) : current.path === 'stock' ? (
        <StockSection staff={staff} />
      ) : (
        <CatalogueSection staff={staff} />
      )}
    </ConsoleFrame>
  );
}

type Section = (typeof SECTIONS)[number];

/**
 * The console's own shell (decision 038), in place of the shopper's header, cart and footer: a
 * skip link, a slim header with the store, the role, the staff mobile and sign-out, the sections'
 * navigation (a row of tabs up to 992 px, a column beside the page from there) and the main region.
 */
function ConsoleFrame({
  staff,
  signedIn,
  sections = [],
  current,
  children,
}: {
  staff: StaffMe | null;
  signedIn: boolean;
  sections?: readonly Section[];
  current?: Section;
  children: ReactNode;
}) {
  // The console's own "signing out" state: the shopper's global loader is the layout's.
  const [signingOut, setSigningOut] = useState(false);
  const logout = useLogout({ show: () => setSigningOut(true), hide: () => setSigningOut(false) });
  return (
    <div className={styles.frame}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <header className={styles.bar}>
        {/* Named by its text ("quickcart Store"): an aria-label would have to contain it word for word. */}
        <Link to="/ops/$" params={{ _splat: '' }} className={styles.brand}>
          <span>
            quick<span className={styles.brandMark}>cart</span>
          </span>{' '}
          <span className={styles.brandTag}>Store</span>
        </Link>
        {staff && (
          <p className={styles.who}>
            {ROLE_NAMES[staff.role]} · {staff.storeName ?? 'All stores'} · {displayMobile(staff.mobile)}
          </p>
        )}
        {signedIn && (
          <Button
            tone="outline"
            className={styles.signOut}
            disabled={signingOut}
            aria-busy={signingOut}
            onClick={() => void logout({ to: '/ops' })}
          >
            {signingOut ? 'Signing out…' : 'Sign out'}
          </Button>
        )}
      </header>
      <div className={sections.length > 0 ? styles.body : styles.bodyAlone}>
        {sections.length > 0 && (
          <nav aria-label="Console" className={styles.nav}>
            {sections.map((s) => (
              <Link
                key={s.path}
                to="/ops/$"
                params={{ _splat: s.path }}
                className={styles.navLink}
                // The router would also mark /ops current on /ops/audit (a parent path): exact only.
                activeOptions={{ exact: true }}
                aria-current={s === current ? 'page' : undefined}
              >
                {s.label}
              </Link>
            ))}
          </nav>
        )}
        <main className={styles.page} id="main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * The page's heading, for screen readers: "Store console: <section>". Moving between sections
 * puts the focus on it, at the start of the new one, as a page change would.
 */
function SectionHeading({ section }: { section: Section }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [section.path]);
  return (
    <h1 ref={ref} tabIndex={-1} className={visuallyHidden}>
      Store console: {section.label}
    </h1>
  );
}
