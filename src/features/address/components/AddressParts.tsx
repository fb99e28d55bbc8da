import type { ReactNode } from 'react';

import { addressLine } from '../../../lib/address-line';
import { ADDRESS_TEXT } from '../constants';
import type { Address } from '../types';
import type { AddressRowView, Banner } from '../use-address-book';
import * as styles from './AddressBook.css';

/** Spec point 8: red banners, each dismissible; the newest is announced. */
export function Banners({ banners }: { banners: Banner[] }) {
  if (banners.length === 0) return null;
  return (
    <div className={styles.banners}>
      {banners.map((banner) => (
        <div key={banner.id} role="alert" className={styles.banner}>
          <span className={styles.bannerText}>{banner.message}</span>
          <button type="button" className={styles.dismiss} aria-label={ADDRESS_TEXT.dismiss} onClick={banner.dismiss}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

function TagIcon({ tag }: { tag: string }) {
  const path =
    tag === 'Work'
      ? 'M4 8h16v11H4zM9 8V5h6v3'
      : tag === 'Hotel'
        ? 'M3 19V6M3 14h18v5M7 11a2 2 0 100-.01M11 11h8a2 2 0 012 2v1H11z'
        : tag === 'Home'
          ? 'M3 11l9-7 9 7v9H3zM9 20v-6h6v6'
          : 'M12 21s-7-6.2-7-11.5A7 7 0 0119 9.5C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 100-5 2.5 2.5 0 000 5z';
  return (
    <span className={styles.tagIcon} aria-hidden>
      <svg viewBox="0 0 24 24" width="20" height="20" focusable="false">
        <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      </svg>
    </span>
  );
}

/** The tag, the address lines, who receives it, and any change still waiting to be sent. */
export function AddressSummary({
  address,
  pending,
  badge,
  note,
}: {
  address: Address;
  pending: AddressRowView['pending'];
  /** Beside the tag (e.g. 'Delivering here'): in the card's body, which keeps the card's width. */
  badge?: ReactNode;
  /** Under the address (e.g. that the store does not deliver there). */
  note?: ReactNode;
}) {
  return (
    <>
      <TagIcon tag={address.tag} />
      <div className={styles.cardBody}>
        <span className={styles.tagRow}>
          <span className={styles.tag}>{address.tag}</span>
          {badge}
        </span>
        <span className={styles.lines}>{addressLine(address)}</span>
        <span className={styles.lines}>
          {address.name}
          {address.mobile ? ` · +91 ${address.mobile}` : ''}
        </span>
        {note}
        {pending && (
          <span className={styles.badge}>
            {pending === 'delete' ? ADDRESS_TEXT.pendingDelete : ADDRESS_TEXT.pending}
          </span>
        )}
      </div>
    </>
  );
}
