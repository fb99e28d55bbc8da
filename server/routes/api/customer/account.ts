import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import {
  anonymiseOrders,
  deleteCustomer,
  exportCustomerData,
  exportOrders,
  ordersAwaitingPayment,
} from '../../../db/account';
import { cancelOrder } from '../../../db/orders/status';
import { startRefunds } from '../../../payments/service';
import { exportPayments } from '../../../db/payments';
import { listAddresses } from '../../../db/address-queries';
import { walletSummary } from '../../../db/wallet';
import { AUTH_MESSAGES } from '../../../domain/auth';
import { HttpError, badRequest } from '../../../errors';
import { clearSessionCookies, signedIn, signedInSecurity } from '../../../plugins/auth';
import { ErrorResponse } from '../../../schemas/common';
import { AccountExport, DeleteAccountBody, MessageResponse } from '../../../schemas/customer';
import { toAccountExport } from './serialize';
import { rawField } from './sent-body';

const tags = ['customer'];
/** Why an order awaiting payment was cancelled when its account was deleted (the store sees it). */
const ACCOUNT_DELETED_REASON = 'Account deleted.';

/** The customer's own account: everything stored about them, and deleting it. */
const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.database;

  app.get(
    '/api/customer/me/export',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'exportMyData',
        tags,
        security: signedInSecurity,
        summary: 'Download everything stored about the signed-in customer',
        response: { 200: AccountExport, 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      const me = signedIn(request);
      const data = await exportCustomerData(db, me.id);
      if (!data) throw new HttpError(401, AUTH_MESSAGES.signInRequired);
      const [orders, wallet, addresses, payments] = await Promise.all([
        exportOrders(db, me.id),
        walletSummary(db, me.id, 10_000),
        listAddresses(db, me.id),
        exportPayments(db, me.id),
      ]);
      reply.header('Content-Disposition', 'attachment; filename="quickcart-my-data.json"');
      return toAccountExport({ ...data, orders, wallet, addresses, payments }, app.clock.now());
    },
  );

  app.delete(
    '/api/customer/me',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'deleteMyAccount',
        tags,
        security: signedInSecurity,
        summary: 'Delete the account and its personal data',
        description:
          'Body `{ "confirm": true }`. The mobile number is erased, every session revoked and the cookies cleared; ' +
          'records that must be kept (orders) stay, anonymised; an order still awaiting payment is cancelled ' +
          '(a payment that still arrives is refunded).',
        body: DeleteAccountBody,
        response: { 200: MessageResponse, 400: ErrorResponse, 401: ErrorResponse, 415: ErrorResponse },
      },
    },
    async (request, reply) => {
      const me = signedIn(request);
      if (rawField(request, 'confirm') !== true) throw badRequest(AUTH_MESSAGES.deleteNotConfirmed);
      // An order still awaiting payment is cancelled (its stock back, its payment closed: one that
      // still arrives is refunded as late); else a payment would send it to the erased address.
      for (const orderId of await ordersAwaitingPayment(db, me.id)) {
        const result = await cancelOrder(db, {
          customerId: me.id,
          orderId,
          reason: ACCOUNT_DELETED_REASON,
          now: app.clock.now(),
        });
        // Paid in the meantime: the refund cancelling a paid order starts, as the order route does.
        if (result.outcome === 'changed' && result.refundIds?.length && app.payments.deps) {
          await startRefunds(app.payments.deps, result.refundIds);
        }
      }
      // Orders stay as the store's records, without the name and address (before the account
      // goes, so a failure here leaves an intact account rather than identifiable orders).
      await anonymiseOrders(db, me.id);
      await deleteCustomer(db, me.id, app.clock.now());
      clearSessionCookies(reply);
      return { success: true as const, message: AUTH_MESSAGES.accountDeleted };
    },
  );
};

export default accountRoutes;
