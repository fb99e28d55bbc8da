import type { SortOption } from '../../../server/schemas/product';

export type { SortOption };

export interface SortChoice {
  value: SortOption;
  label: string;
}

/** Spec point 4: the sort values, relevance first (the default). */
export const SORT_OPTIONS: readonly SortChoice[] = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'price-asc', label: 'Price (Low to High)' },
  { value: 'price-desc', label: 'Price (High to Low)' },
  { value: 'name', label: 'Name (A to Z)' },
  { value: 'discount', label: 'Discount' },
];

export const DEFAULT_SORT: SortOption = 'relevance';

export const isSortOption = (value: unknown): value is SortOption =>
  SORT_OPTIONS.some((option) => option.value === value);
