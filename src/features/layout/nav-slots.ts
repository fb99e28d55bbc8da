import { NAV_SLOTS_NARROW, NAV_SLOTS_WIDE, NAV_WIDE_MEDIA_QUERY } from './constants';
import { useMediaQuery } from './use-media-query';

/** How many slots the top category navigation has at the current screen width: 8 or 6. */
export function useNavSlotCount(): number {
  return useMediaQuery(NAV_WIDE_MEDIA_QUERY) ? NAV_SLOTS_WIDE : NAV_SLOTS_NARROW;
}

/**
 * Splits items over `slots` navigation slots: all of them when they fit, otherwise one slot
 * less than there are slots, and the rest behind 'More'.
 */
export function splitNavItems<T>(items: readonly T[], slots: number): { visible: T[]; more: T[] } {
  if (items.length <= slots) return { visible: [...items], more: [] };
  const shown = Math.max(0, slots - 1);
  return { visible: items.slice(0, shown), more: items.slice(shown) };
}
