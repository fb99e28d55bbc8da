/** `npm run ops -- stock ...`: a product's stock at a dark store, shown or set (decision 034). */
import type { Database } from '../db/client';
import { storeExists } from '../db/staff-queries';
import { adjustStock, findStoreStock } from '../db/stock-queries';
import { MAX_STOCK } from '../domain/stock';

export const STOCK_USAGE = `  stock <product id> --store <id> [--set <n> --reason <text>]
                                         show a product's stock at a dark store, or set it (audited)`;

/** Thrown for an operator's mistake; the command line prints the message. */
export type Refuse = (message: string) => never;

export async function stockCommand(
  database: Database,
  args: { product: string | undefined; store: string | undefined; set: string | undefined; reason: string | undefined },
  refuse: Refuse,
  now: Date,
): Promise<string> {
  const productId = Number(args.product);
  if (!Number.isInteger(productId) || productId < 1) refuse('Give the product id, e.g. stock 12 --store 3');
  const storeId = Number(args.store);
  if (!args.store || !Number.isInteger(storeId) || storeId < 1)
    refuse('Say which dark store: --store <id> (see stores:list).');
  if (!(await storeExists(database.db, storeId))) refuse(`No store ${args.store}: see stores:list.`);
  const current = await findStoreStock(database.db, storeId, productId);
  if (!current) refuse(`No product ${productId}.`);
  if (args.set === undefined) {
    return `${current!.name} (product ${productId}) at store ${storeId}: ${current!.stock}${current!.sold ? '' : ' (not sold)'}`;
  }
  const quantity = Number(args.set);
  if (!/^\d+$/.test(args.set) || quantity > MAX_STOCK) refuse(`--set must be a whole number from 0 to ${MAX_STOCK}`);
  const reason = args.reason?.trim();
  if (!reason || reason.length < 3) refuse('Say why with --reason "..." (kept in the audit log).');
  const result = await adjustStock(
    database.db,
    null,
    { storeId, productId, kind: 'set', quantity, reason: reason! },
    now,
  );
  if (result.outcome === 'not-found') refuse(`No product ${productId}.`);
  if (result.outcome === 'invalid') refuse(result.message);
  const saved = result as Extract<typeof result, { outcome: 'saved' }>;
  return `${current!.name} (product ${productId}) at store ${storeId}: ${saved.before} -> ${saved.after}`;
}
