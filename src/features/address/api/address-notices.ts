import { useSyncExternalStore } from 'react';

/**
 * Banners raised outside any component: a list reload that failed after a mutation, which may
 * have been replayed long after the screen that made it closed. Shown until dismissed.
 */
export interface AddressNotice {
  id: number;
  message: string;
}

let notices: AddressNotice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function reportNotice(message: string) {
  notices = [...notices.filter((n) => n.message !== message), { id: nextId++, message }];
  emit();
}

export function dismissNotice(id: number) {
  notices = notices.filter((n) => n.id !== id);
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useAddressNotices = () => useSyncExternalStore(subscribe, () => notices);
