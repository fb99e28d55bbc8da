import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { badRequest, defaultErrorCode, errorBody, HttpError, type ErrorCode } from '../errors';
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

/** The code and message of a client error Fastify itself raised (body parsing, limits). */
function frameworkClientError(error: FastifyError, status: number): { code: ErrorCode; message: string } {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { code: 'INVALID_JSON', message: 'Request body is not valid JSON' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'INVALID_JSON', message: error.message };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'BODY_TOO_LARGE', message: 'Request body is too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Content-Type must be application/json' };
  }
  if (error instanceof SyntaxError) return { code: 'INVALID_JSON', message: 'Request body is not valid JSON' };
  return { code: defaultErrorCode(status), message: error.message };
}

/**
 * Every error leaves as `{ success: false, code, message }` (`code` from the catalogue in
 * server/errors.ts). Client mistakes keep their status and a message naming the field; anything
 * else is a 500 whose details stay in the log.
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
    // An error body a route sends itself without a code (`reply.code(409).send({ success: false,
    // message })`) still leaves with one: the default of its status.
    app.addHook('preSerialization', async (_request, reply, payload: unknown) => {
      if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
      const body = payload as { success?: unknown; code?: unknown };
      if (body.success !== false || body.code !== undefined || reply.statusCode < 400) return payload;
      return { success: false, code: defaultErrorCode(reply.statusCode), ...body };
    });
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).headers(error.headers).send(errorBody(error.code, error.message));
      }
      if (error.validation) {
        return reply.code(400).send(errorBody('VALIDATION_FAILED', validationMessage(error)));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const { code, message } = frameworkClientError(error, status);
        return reply.code(status).send(errorBody(code, message));
      }
      const unavailable = status === 503 || isDatabaseUnavailable(error);
      if (unavailable) {
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('Retry-After', '5');
      } else {
        request.log.error({ err: error }, 'request failed');
      }
      return reply
        .code(unavailable ? 503 : 500)
        .send(
          unavailable
            ? errorBody('SERVICE_UNAVAILABLE', 'Service temporarily unavailable. Please try again.')
            : errorBody('INTERNAL', 'Something went wrong on our side. Please try again.'),
        );
    });
  },
  { name: 'errors' },
);
