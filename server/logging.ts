import { LogController, type FastifyLoggerOptions, type FastifyReply, type FastifyRequest } from 'fastify';
import type { PinoLoggerOptions } from 'fastify/types/logger';

/**
 * What the server logs about requests and errors, kept free of customers' data (issue 15): no
 * query values (the geocoder's `lat`/`lng`, what someone searched for), no values a failed
 * query carried (drizzle puts them in its message; PostgreSQL's `detail` quotes the row).
 */

/** The request's path with its query's names but not its values: `/api/geo/reverse?lat&lng`. */
export function pathForLog(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const names = url
    .slice(mark + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=')[0]);
  return `${url.slice(0, mark)}?${names.join('&')}`;
}

/**
 * Drizzle's "Failed query: …\nparams: <values>" loses the values, and a run of 10 or more digits
 * (a mobile number an SMS provider's answer quoted, say) its digits.
 */
function scrub(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  return text
    .replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [not logged]')
    .replace(/\b(Basic|Bearer) [A-Za-z0-9+/._~-]{16,}=*/g, '$1 [redacted]')
    .replace(/(\/\/[^/\s:@]+:)[^@\s/]+@/g, '$1[redacted]@')
    .replace(/\d{10,}/g, '[digits]');
}

/**
 * Settings that must never reach the log, wherever an object holding them is logged: the payment
 * gateway's secrets (RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET, the local gateway's generated
 * one), the JWT secret, and credentials in request headers.
 */
export const REDACTED_PATHS = [
  'keySecret',
  'webhookSecret',
  'jwtSecret',
  '*.keySecret',
  '*.webhookSecret',
  '*.jwtSecret',
  '*.payments.keySecret',
  '*.payments.webhookSecret',
  'headers.authorization',
  '*.headers.authorization',
  'auth.password',
  '*.auth.password',
];

/** Fields of an error that say what failed without saying whose data it was. */
const KEPT = [
  'code',
  'statusCode',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'constraint',
  'dataType',
] as const;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  cause?: unknown;
  [key: string]: unknown;
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** An error as the log shows it: its kind, message, stack and codes, and the same for its cause. */
export function errorForLog(error: unknown, depth = 0): LoggedError {
  const source = (error && typeof error === 'object' ? error : { message: String(error) }) as ErrorLike;
  const kind = (source as { constructor?: { name?: string } }).constructor?.name ?? source.name;
  const out: LoggedError = {
    type: typeof kind === 'string' ? kind : 'Error',
    message: scrub(source.message) ?? '',
    stack: scrub(source.stack) ?? '',
  };
  for (const key of KEPT) if (source[key] !== undefined) out[key] = source[key];
  if (source.cause !== undefined && depth < 5) out.cause = errorForLog(source.cause, depth + 1);
  return out;
}

interface RequestLike {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** The logger's settings: level, and serializers that keep personal data out. */
export function loggerOptions(level: string): FastifyLoggerOptions & PinoLoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: RequestLike) => ({
        method: request.method,
        url: pathForLog(request.url ?? ''),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: errorForLog,
    },
  };
}

/**
 * Fastify's request lines, one per request instead of two (decision 053): no 'incoming request'
 * line, and the line written when the request is answered names the request as well (method,
 * path and the names of its query's parameters, through the serializer above), its status and
 * the time taken. Fastify's other lines (stream errors, a failed serializer, the default error
 * handler's) are Fastify's own, unchanged.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
