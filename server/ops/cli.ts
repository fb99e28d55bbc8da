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
import { PHOTO_RETENTION_MS, prunePhotos } from '../db/photo-prune';
import { listStaff, recordAudit, removeStaff, storeExists, upsertStaff } from '../db/staff-queries';
import { listStores } from '../db/stores';
import { normaliseMobile } from '../domain/auth';
import { isStaffRole, roleNeedsStore, STAFF_ROLES } from '../domain/staff';
import {
  generateGiftCardCode,
  hashGiftCardCode,
  MAX_GIFT_CARD_PAISE,
  normaliseGiftCardCode,
} from '../domain/gift-cards';
import { rupeesToPaise } from '../domain/money';
import { giftCardKeyFor } from '../plugins/delivery';
import { stockCommand, STOCK_USAGE } from './stock-command';

const USAGE = `Usage: npm run ops -- <command> [options]

Commands:
  order:advance <number>                 processing -> packed -> dispatched -> delivered (never an unpaid order)
  order:cancel <number> --reason <text>  cancel an order awaiting payment, processing or packed (stock
                                         and gift card balance return; a paid online payment is refunded)
  giftcard:issue --amount <rupees> [--count <n>] [--note <text>] [--expires-days <n>]
                                         print new e-gift card codes (only their HMAC is stored)
  stores:list                            the dark stores and their delivery radius
  staff:add <mobile> --role picker|manager|admin [--store <id>]
                                         grants access to the console at /ops (a picker or manager
                                         works in one store: --store; an admin in all: no --store)
  staff:remove <mobile>                  takes console access away (from the next request on)
  staff:list                             who has access, with role and store
  photos:prune                           delete the photo variants no product has shown for longer
                                         than the caches keep them (8 days); each is audited
${STOCK_USAGE}`;

export class UsageError extends Error {}

function orderNumber(value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError('Give the order number, e.g. order:advance 1001');
  return n;
}

/** A staff number as typed (spaces, +91 allowed), or a UsageError. */
function staffMobile(value: string | undefined, command: string): string {
  const result = normaliseMobile(value ?? '');
  if (!result.ok)
    throw new UsageError(`Give the 10-digit mobile number, e.g. ${command} 9876543210 (${result.message})`);
  return result.mobile;
}

function report(result: ChangeStatusResult, number: number): string {
  if (result.outcome === 'not-found') throw new UsageError(`Order ${number} not found.`);
  if (result.outcome === 'refused') throw new UsageError(`Order ${number}: ${result.message}`);
  const refund = result.refundIds?.length
    ? ' Its online payment is refunded through the payment gateway by the server within a minute.'
    : '';
  return `Order ${number} is now ${result.order.status}.${refund}`;
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
      role: { type: 'string' },
      store: { type: 'string' },
      set: { type: 'string' },
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
    case 'staff:add': {
      const mobile = staffMobile(arg, 'staff:add');
      const role = values.role;
      if (!isStaffRole(role)) throw new UsageError(`--role must be one of ${STAFF_ROLES.join(', ')}`);
      let storeId: number | null = null;
      if (roleNeedsStore(role)) {
        if (values.store === undefined)
          throw new UsageError(`A ${role} works in one dark store: add --store <id> (see stores:list).`);
        storeId = Number(values.store);
        if (!Number.isInteger(storeId) || storeId < 1 || !(await storeExists(db, storeId)))
          throw new UsageError(`No store ${values.store}: see stores:list.`);
      } else if (values.store !== undefined) {
        throw new UsageError('An admin works in every store: leave out --store.');
      }
      const granted = await db.transaction(async (tx) => {
        const result = await upsertStaff(tx, { mobile, role, storeId });
        await recordAudit(tx, {
          staff: null,
          action: 'staff.add',
          targetType: 'staff',
          targetId: result.id,
          before: result.before,
          after: result.after,
          at: now,
        });
        return result;
      });
      const where = storeId === null ? 'every store' : `store ${storeId}`;
      return granted.before && !granted.before.removed
        ? `${mobile} is now ${role} (${where}); was ${granted.before.role}.`
        : `${mobile} can sign in at /ops as ${role} (${where}).`;
    }
    case 'staff:remove': {
      const mobile = staffMobile(arg, 'staff:remove');
      const removed = await db.transaction(async (tx) => {
        const result = await removeStaff(tx, mobile, now);
        if (result) {
          await recordAudit(tx, {
            staff: null,
            action: 'staff.remove',
            targetType: 'staff',
            targetId: result.id,
            before: result.before,
            after: result.after,
            at: now,
          });
        }
        return result;
      });
      if (!removed) throw new UsageError(`${mobile} is not on the staff.`);
      return `${mobile} no longer has access to the console.`;
    }
    case 'staff:list': {
      const members = await listStaff(db);
      if (members.length === 0) return 'Nobody has access to the console yet: staff:add <mobile> --role admin';
      return members
        .map((m) => `${m.mobile}  ${m.role.padEnd(8)} ${m.storeId === null ? 'every store' : `store ${m.storeId}`}`)
        .join('\n');
    }
    case 'stock':
      return stockCommand(
        database,
        { product: positionals[1], store: values.store, set: values.set, reason: values.reason },
        (message) => {
          throw new UsageError(message);
        },
        now,
      );
    case 'photos:prune': {
      const pruned = await prunePhotos(db, now, { audit: true });
      const days = PHOTO_RETENTION_MS / 86_400_000;
      if (!pruned.ran)
        throw new UsageError('A server is cleaning up photos (or storing an upload) now: try again in a minute.');
      if (pruned.photos.length === 0)
        return `No photo to delete: every stored photo is current or was shown within ${days} days.`;
      return [
        `Deleted ${pruned.variants} variants of ${pruned.photos.length} photos (${Math.ceil(pruned.bytes / 1024)} KB) no product has shown for ${days} days:`,
        ...pruned.photos.map((p) => `  ${p.hash}  product ${p.productId}, last shown ${p.lastShownAt.toISOString()}`),
      ].join('\n');
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
