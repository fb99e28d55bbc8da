import { useState } from 'react';

import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { useLogout } from '../../auth';
import { useGlobalLoader } from '../../layout';
import { useDeleteAccount } from '../api/delete-account';
import { useExportMyData } from '../api/export-my-data';
import { ACCOUNT_TEXT } from '../constants';
import * as styles from './Account.css';
import { AccountPage } from './AccountPage';

const KEPT = [
  {
    what: 'Your mobile number',
    why: 'to sign you in with a one-time password and to reach you about your orders.',
  },
  {
    what: 'Your saved addresses',
    why: 'the names, buildings, localities and map locations you ask us to deliver to, so you can pick them when you order.',
  },
  {
    what: 'Your orders',
    why: 'what you bought, the amounts and where it went, to deliver, to handle refunds and replacements, and for the records Indian law requires.',
  },
  {
    what: 'Your sessions',
    why: 'one record per device you are signed in on, so you stay signed in securely. Logout ends it.',
  },
] as const;

const DOWNLOAD_STATUS = {
  idle: '',
  pending: 'Preparing your data…',
  done: 'Your download has started.',
  failed: ACCOUNT_TEXT.downloadFailed,
} as const;

/** Account Privacy: what we keep and why, a copy of it, and deleting the account. */
export function PrivacyPage() {
  return (
    <AccountPage title="Account Privacy">
      <section className={styles.card} aria-labelledby="privacy-kept">
        <h2 id="privacy-kept" className={styles.cardTitle}>
          What we keep and why
        </h2>
        <ul className={styles.list}>
          {KEPT.map((item) => (
            <li key={item.what}>
              <strong>{item.what}</strong>: {item.why}
            </li>
          ))}
        </ul>
        <p className={styles.muted}>
          On this device your browser also keeps your cart and chosen location, so the store works on a poor connection.
          We never sell your information.
        </p>
      </section>
      <DownloadData />
      <DeleteAccount />
    </AccountPage>
  );
}

function DownloadData() {
  const download = useExportMyData();
  return (
    <section className={styles.card} aria-labelledby="privacy-download">
      <h2 id="privacy-download" className={styles.cardTitle}>
        {ACCOUNT_TEXT.downloadData}
      </h2>
      <p>A copy of everything we hold about your account, as a JSON file you can keep or read.</p>
      <div className={styles.actions}>
        <Button
          tone="outline"
          onClick={() => void download.run()}
          disabled={download.status === 'pending'}
          aria-busy={download.status === 'pending' || undefined}
        >
          {ACCOUNT_TEXT.downloadData}
        </Button>
        <span aria-live="polite" className={download.status === 'failed' ? styles.error : styles.status}>
          {DOWNLOAD_STATUS[download.status]}
        </span>
      </div>
    </section>
  );
}

function DeleteAccount() {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteAccount();
  const logout = useLogout(useGlobalLoader());

  const confirm = async () => {
    if (!(await remove.run())) return;
    // The modal would sit above the loader: close it before the logout flow starts.
    setConfirming(false);
    await logout({ sessionEnded: true });
  };

  return (
    <section className={`${styles.card} ${styles.dangerCard}`} aria-labelledby="privacy-delete">
      <h2 id="privacy-delete" className={styles.cardTitle}>
        {ACCOUNT_TEXT.deleteAccount}
      </h2>
      <p>
        Deletes your account and your saved addresses and signs you out on every device. This cannot be undone; you can
        sign up again later with the same number.
      </p>
      <div className={styles.actions}>
        <Button className={styles.danger} onClick={() => setConfirming(true)}>
          {ACCOUNT_TEXT.deleteAccount}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onClose={() => {
          if (!remove.isPending) setConfirming(false);
        }}
        title="Delete your account?"
        actions={
          <>
            <Button tone="ghost" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              className={styles.danger}
              onClick={() => void confirm()}
              disabled={remove.isPending}
              aria-busy={remove.isPending || undefined}
            >
              {ACCOUNT_TEXT.deleteAccount}
            </Button>
          </>
        }
      >
        <p>
          Your account, saved addresses and sessions will be deleted, and you will be signed out. Records of past orders
          that the law requires us to keep are kept without your contact details.
        </p>
        {remove.isError && (
          <p className={styles.error} role="alert">
            {ACCOUNT_TEXT.deleteFailed}
          </p>
        )}
      </Dialog>
    </section>
  );
}
