import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The body's top-level fields exactly as sent, before the validator coerces types (it would turn
 * "true" into true and 9876543210 into a string). OTP routes validate the mobile and the code
 * themselves so that shoppers get the spec's messages; account deletion needs a real `true`.
 */
const sentBodies = new WeakMap<FastifyRequest, Record<string, unknown>>();

/** Keeps each request's body as sent, for `rawField`. */
export function keepSentBodies(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const body = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) sentBodies.set(request, { ...body });
  });
}

export const rawField = (request: FastifyRequest, field: string): unknown => sentBodies.get(request)?.[field];
