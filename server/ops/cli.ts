/**
 * Store staff's command line: `npm run ops -- <command> [options]`. Uses the same configuration
 * as the server (DATA_DIR or DATABASE_URL, JWT_SECRET), so it acts on the store's database.
 */
import { parseArgs } from 'node:util';

import { ConfigError, loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { insertGiftCards } from '../db/giftcard-queries';
import { orderIdByNumber } from '../db/orders/read';
import { withSharedSecrets } from '../db/secrets';
import { advanceOrder, cancelOrder, type ChangeStatusResult } from '../db/orders/status';
import { listStores } from '../db/stores';
import {
  generateGiftCardCode,
  hashGiftCardCode,
  MAX_GIFT_CARD_PAISE,
  normaliseGiftCardCode,
} from '../domain/gift-cards';
import { rupeesToPaise } from '../domain/money';
import { giftCardKeyFor } from '../plugins/delivery';

const USAGE = `Usage: npm run ops -- <command> [options]

Commands:
  order:advance <number>                 processing -> dispatched -> delivered
  order:cancel <number> --reason <text>  cancel a processing order (stock and gift card balance return)
  giftcard:issue --amount <rupees> [--count <n>] [--note <text>] [--expires-days <n>]
                                         print new e-gift card codes (only their HMAC is stored)
  stores:list                            the dark stores and their delivery radius`;

export class UsageError extends Error {}

function orderNumber(value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError('Give the order number, e.g. order:advance 1001');
  return n;
}

function report(result: ChangeStatusResult, number: number): string {
  if (result.outcome === 'not-found') throw new UsageError(`Order ${number} not found.`);
  if (result.outcome === 'refused') throw new UsageError(`Order ${number}: ${result.message}`);
  return `Order ${number} is now ${result.order.status}.`;
}

/** Runs one command and returns what to print; throws UsageError for a mistake of the operator. */
export async function runOps(argv: string[], database: Database, jwtSecret: string, now = new Date()): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      reason: { type: 'string' },
      amount: { type: 'string' },
      count: { type: 'string', default: '1' },
      note: { type: 'string' },
      'expires-days': { type: 'string' },
    },
  });
  const [command, arg] = positionals;
  const { db } = database;
  switch (command) {
    case 'order:advance': {
      const number = orderNumber(arg);
      const id = await orderIdByNumber(db, number);
      if (!id) throw new UsageError(`Order ${number} not found.`);
      return report(await advanceOrder(db, id, now), number);
    }
    case 'order:cancel': {
      const number = orderNumber(arg);
      const reason = values.reason?.trim();
      if (!reason) throw new UsageError('Say why with --reason "..." (the shopper sees it).');
      const id = await orderIdByNumber(db, number);
      if (!id) throw new UsageError(`Order ${number} not found.`);
      return report(await cancelOrder(db, { customerId: null, orderId: id, reason, now }), number);
    }
    case 'giftcard:issue': {
      const rupees = Number(values.amount);
      const amountPaise = rupeesToPaise(rupees);
      if (!Number.isFinite(rupees) || amountPaise <= 0 || amountPaise > MAX_GIFT_CARD_PAISE) {
        throw new UsageError(`--amount must be rupees between 0.01 and ${MAX_GIFT_CARD_PAISE / 100}`);
      }
      const count = Number(values.count);
      if (!Number.isInteger(count) || count < 1 || count > 1000) throw new UsageError('--count must be 1 to 1000');
      const days = values['expires-days'] === undefined ? null : Number(values['expires-days']);
      if (days !== null && (!Number.isInteger(days) || days < 1))
        throw new UsageError('--expires-days must be a whole number of days');
      const key = giftCardKeyFor(jwtSecret);
      const codes = Array.from({ length: count }, generateGiftCardCode);
      await insertGiftCards(
        db,
        codes.map((code) => ({
          codeHash: hashGiftCardCode(key, normaliseGiftCardCode(code)!),
          codeHint: code.slice(-4),
          amountPaise,
          note: values.note ?? null,
          expiresAt: days === null ? null : new Date(now.getTime() + days * 86_400_000),
        })),
      );
      return codes.join('\n');
    }
    case 'stores:list': {
      const stores = await listStores(db);
      return stores
        .map(
          (s) =>
            `${String(s.id).padStart(3)}  ${s.city.padEnd(10)} ${s.name.padEnd(18)} ${s.latitude.toFixed(4)}, ${s.longitude.toFixed(4)}  radius ${s.radiusKm} km`,
        )
        .join('\n');
    }
    default:
      throw new UsageError(command ? `Unknown command ${command}.\n\n${USAGE}` : USAGE);
  }
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const { jwtSecret } = await withSharedSecrets(config, database);
    console.log(await runOps(process.argv.slice(2), database, jwtSecret));
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error((error as Error).message);
      process.exitCode = 1;
    } else {
      throw error;
    }
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
