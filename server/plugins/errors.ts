import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { badRequest, HttpError } from '../errors';
import { controlCharacterField } from './control-characters';

/**
 * The values a field may take when it failed a choice of constants (a union of literals fails
 * each branch with keyword 'const'), or an enum; undefined for any other kind of error.
 */
function allowedValues(error: FastifyError, instancePath: string): unknown[] | undefined {
  const errors = (error.validation ?? []).filter((e) => e.instancePath === instancePath);
  const fromEnum = errors.find((e) => e.keyword === 'enum')?.params as { allowedValues?: unknown[] } | undefined;
  if (Array.isArray(fromEnum?.allowedValues)) return fromEnum.allowedValues;
  const constants = errors
    .filter((e) => e.keyword === 'const')
    .map((e) => (e.params as { allowedValue?: unknown }).allowedValue);
  return constants.length > 0 ? constants : undefined;
}

function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const context = error.validationContext ?? 'request';
  const params = first.params as Record<string, unknown>;
  const pointer = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const field =
    (typeof params.missingProperty === 'string' && params.missingProperty) ||
    (typeof params.additionalProperty === 'string' && params.additionalProperty) ||
    pointer ||
    context;
  if (typeof params.additionalProperty === 'string') return `${field}: is not allowed`;
  const allowed = allowedValues(error, first.instancePath);
  if (allowed) return `${field}: must be one of ${allowed.map(String).join(', ')}`;
  return `${field}: ${first.message ?? 'is invalid'}`;
}

/**
 * The path of the first number that is not finite (JSON's 1e309 and a query's 1e309 both become
 * Infinity, which the validator lets through); undefined when there is none.
 */
export function nonFiniteField(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path || 'value';
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = nonFiniteField(child, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);

/**
 * True when an error (or what caused it) says the database could not be reached, as opposed to
 * a query that failed: a refused or dropped connection, a connect timeout, an SQLSTATE of class
 * 08 (connection exception) or 57P01-57P03 (server shutting down or starting).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^08|^57P0[123]$/.test(code))) return true;
  if (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      message,
    )
  )
    return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/**
 * Every error leaves as `{ success: false, message }`. Client mistakes keep their status and
 * a message naming the field; anything else is a 500 whose details stay in the log.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('preHandler', async (request) => {
      for (const part of [request.params, request.query, request.body]) {
        const field = nonFiniteField(part);
        if (field) throw badRequest(`${field}: must be a finite number`);
        const control = controlCharacterField(part);
        if (control) throw badRequest(`${control}: must not contain control characters`);
      }
    });
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).headers(error.headers).send({ success: false, message: error.message });
      }
      if (error.validation) {
        return reply.code(400).send({ success: false, message: validationMessage(error) });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        if (status === 429) return reply.code(429).send({ success: false, message: error.message });
        const message =
          error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
            ? 'Request body is not valid JSON'
            : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
              ? 'Request body is too large'
              : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
                ? 'Content-Type must be application/json'
                : error.message;
        return reply.code(status).send({ success: false, message });
      }
      const unavailable = status === 503 || isDatabaseUnavailable(error);
      if (unavailable) {
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('Retry-After', '5');
      } else {
        request.log.error({ err: error }, 'request failed');
      }
      return reply.code(unavailable ? 503 : 500).send({
        success: false,
        message: unavailable
          ? 'Service temporarily unavailable. Please try again.'
          : 'Something went wrong on our side. Please try again.',
      });
    });
  },
  { name: 'errors' },
);
