import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { HttpError } from '../../../errors';
import { signedIn, signedInSecurity } from '../../../plugins/auth';
import { removeSubscription, saveSubscription } from '../../../push/subscriptions';
import { ErrorResponse } from '../../../schemas/common';
import { keepOutOfCaches } from '../../no-store';

const tags = ['push'];
const Base64Url = (description: string, minLength: number, maxLength: number) =>
  Type.String({ pattern: '^[A-Za-z0-9_-]+={0,2}$', minLength, maxLength, description });
const Endpoint = Type.String({
  pattern: '^https://',
  minLength: 12,
  maxLength: 1000,
  description: "The push service's endpoint for this browser (PushSubscription.endpoint)",
});

export const PushSubscriptionBody = Type.Object(
  {
    endpoint: Endpoint,
    expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    keys: Type.Object(
      {
        p256dh: Base64Url("The browser's P-256 public key", 80, 100),
        auth: Base64Url('The authentication secret', 16, 32),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: 'PushSubscription.toJSON(), as the browser gives it' },
);

const NOT_ON = 'Push notifications are not available.';
const Message = Type.Object({ success: Type.Literal(true), message: Type.String() });

/** Web Push subscriptions of the signed-in customer (issue 19). */
const pushRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.database;
  keepOutOfCaches(app);

  app.get(
    '/api/push/key',
    {
      schema: {
        operationId: 'getPushKey',
        tags,
        summary: "The server's VAPID public key, to subscribe a browser with (applicationServerKey)",
        response: {
          200: Type.Object({ success: Type.Literal(true), data: Type.Object({ publicKey: Type.String() }) }),
          404: ErrorResponse,
        },
      },
    },
    async () => {
      if (!app.push.config.enabled) throw new HttpError(404, NOT_ON);
      return { success: true as const, data: { publicKey: app.push.config.publicKey } };
    },
  );

  app.post(
    '/api/push/subscription',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'subscribePush',
        tags,
        security: signedInSecurity,
        summary: 'Receive notifications about my orders in this browser',
        description:
          'A notification when an order is dispatched, delivered or cancelled. The subscription belongs to the ' +
          'customer and session: signing out, deleting the account or the push service reporting it gone removes it.',
        body: PushSubscriptionBody,
        response: { 201: Message, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 415: ErrorResponse },
      },
    },
    async (request, reply) => {
      const me = signedIn(request);
      if (!app.push.config.enabled) throw new HttpError(404, NOT_ON);
      const claims = await app.auth.claimsOf(request);
      await saveSubscription(
        db,
        { customerId: me.id, sessionFamily: claims!.sessionFamily },
        { endpoint: request.body.endpoint, p256dh: request.body.keys.p256dh, auth: request.body.keys.auth },
      );
      return reply.code(201).send({ success: true as const, message: 'Notifications on' });
    },
  );

  app.delete(
    '/api/push/subscription',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'unsubscribePush',
        tags,
        security: signedInSecurity,
        summary: 'Stop notifications in this browser',
        description: 'Succeeds when the subscription was already gone.',
        body: Type.Object({ endpoint: Endpoint }, { additionalProperties: false }),
        response: { 200: Message, 400: ErrorResponse, 401: ErrorResponse, 415: ErrorResponse },
      },
    },
    async (request) => {
      const me = signedIn(request);
      await removeSubscription(db, me.id, request.body.endpoint);
      return { success: true as const, message: 'Notifications off' };
    },
  );
};

export default pushRoutes;
