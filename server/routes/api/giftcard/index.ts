import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { redeemGiftCard } from '../../../db/giftcard-queries';
import { walletSummary } from '../../../db/wallet';
import { GIFT_CARD_MESSAGES, hashGiftCardCode, normaliseGiftCardCode } from '../../../domain/gift-cards';
import { paiseToRupees } from '../../../domain/money';
import { apiError } from '../../../errors';
import { signedIn, signedInSecurity } from '../../../plugins/auth';
import { ErrorResponse } from '../../../schemas/common';
import { RedeemBody, RedeemResponse, WalletResponse } from '../../../schemas/order';
import { keepOutOfCaches } from '../../no-store';

const tags = ['giftcard'];
const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** The e-gift card wallet: redeem a code, see the balance and its history. */
const giftCardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.database;

  keepOutOfCaches(app);

  app.get(
    '/api/giftcard',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'getGiftCardWallet',
        tags,
        security: signedInSecurity,
        summary: 'My e-gift card balance and its history, newest first',
        response: { 200: WalletResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const me = signedIn(request);
      const { balancePaise, entries } = await walletSummary(db, me.id);
      return {
        success: true as const,
        data: {
          balance: paiseToRupees(balancePaise),
          history: entries.map((entry) => ({
            id: entry.id,
            amount: paiseToRupees(entry.amountPaise),
            kind: entry.kind,
            at: entry.createdAt.toISOString(),
            orderId: entry.orderId,
            orderNumber: entry.orderNumber,
            codeHint: entry.codeHint,
          })),
        },
      };
    },
  );

  app.post(
    '/api/giftcard/redeem',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'redeemGiftCard',
        tags,
        security: signedInSecurity,
        summary: 'Add an e-gift card to my balance',
        description:
          'Each card is redeemed once. Five wrong codes in an hour lock redeeming for the customer for the rest ' +
          'of that hour (429), so codes (80 random bits) cannot be guessed.',
        body: RedeemBody,
        response: {
          200: RedeemResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          409: ErrorResponse,
          415: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request) => {
      const me = signedIn(request);
      const code = normaliseGiftCardCode(request.body.code);
      // A malformed code still counts as a wrong try: hash something that matches no card.
      const codeHash = hashGiftCardCode(app.delivery.giftCardKey, code ?? `invalid:${request.body.code}`);
      const result = await redeemGiftCard(db, { customerId: me.id, codeHash, now: app.clock.now() });
      switch (result.outcome) {
        case 'too-many':
          throw apiError('RATE_LIMITED', GIFT_CARD_MESSAGES.tooMany, { 'Retry-After': '3600' });
        case 'invalid':
          throw apiError('GIFT_CARD_INVALID', GIFT_CARD_MESSAGES.invalid);
        case 'used':
          throw apiError('GIFT_CARD_USED', GIFT_CARD_MESSAGES.used);
        case 'expired':
          throw apiError('GIFT_CARD_EXPIRED', GIFT_CARD_MESSAGES.expired);
        case 'redeemed':
          return {
            success: true as const,
            message: GIFT_CARD_MESSAGES.redeemed(inr.format(paiseToRupees(result.amountPaise))),
            data: { amount: paiseToRupees(result.amountPaise), balance: paiseToRupees(result.balancePaise) },
          };
      }
    },
  );
};

export default giftCardRoutes;
