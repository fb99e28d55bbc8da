import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

import { productListInfiniteOptions, type ProductFilters } from './search-products';

/**
 * Keeps the previous listing while another sort or sub-category loads. In a module of its own:
 * only the listing screens (lazy chunks) use it, so `useInfiniteQuery` and its observer stay out
 * of the first load (decision 021).
 */
export const useProductList = (filters: Omit<ProductFilters, 'page'>) =>
  useInfiniteQuery({ ...productListInfiniteOptions(filters), placeholderData: keepPreviousData });
