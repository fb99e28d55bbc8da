import type { QueryKey } from '@tanstack/react-query';

/**
 * The answers a server-rendered page was rendered from (decision 044), sent in the page as a
 * JSON data block (`<script type="application/json">`: never run, so the CSP allows it). Each
 * entry is a query's key, its data and when the server fetched it.
 */
export type PageData = [queryKey: QueryKey, data: unknown, updatedAt: number][];

/** The id of the data block in the page. */
export const PAGE_DATA_ID = 'page-data';
