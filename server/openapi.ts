import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';

import type { AppConfig } from './config';
import { ERROR_CODE_NAMES, ERROR_CODES } from './errors';

const ERROR_REF = '#/components/schemas/ErrorResponse';

/** The tags of the document, in the order the UI lists them. */
const TAGS = [
  { name: 'product', description: 'The catalogue: the home feed, browsing and search, one product' },
  { name: 'category', description: 'Categories and sub-categories, in navigation order' },
  { name: 'customer', description: 'Sign-in with a one-time code, the session, and the account' },
  { name: 'address', description: "The signed-in customer's saved delivery addresses (spec point 7's paths)" },
  { name: 'geo', description: 'Geocoding for the map address picker' },
  { name: 'delivery', description: 'Whether a place or a city is in the delivery area, and how soon' },
  { name: 'order', description: 'Checkout, the customer’s orders and cancelling one' },
  { name: 'push', description: 'Web Push: notifications about my orders in this browser' },
  { name: 'payment', description: "The payment gateway's webhooks (online orders are paid under `order`)" },
  { name: 'giftcard', description: 'The e-gift card wallet: redeeming a code, the balance and its history' },
  {
    name: 'ops',
    description: 'The store console (staff only): who is signed in, the catalogue, product photos, the audit log',
  },
  { name: 'health', description: 'Probes for the process manager and load balancer' },
];

/** The catalogue codes usually sent with a status, for that status's response description. */
function codesOf(status: string): string[] {
  return ERROR_CODE_NAMES.filter((code) => String(ERROR_CODES[code].status) === status);
}

interface Response {
  description?: string;
  content?: Record<string, { schema?: { $ref?: string } }>;
}
interface Operation {
  tags?: string[];
  responses?: Record<string, Response>;
}

/** Any operation that reaches the database may fail on the server's side. */
const SERVER_ERROR: Response = {
  description:
    'Error (ErrorResponse): `INTERNAL` (500), or `SERVICE_UNAVAILABLE` (503, with `Retry-After`) while the ' +
    'database cannot be reached',
  content: { 'application/json': { schema: { $ref: ERROR_REF } } },
};

const SUCCESS_DESCRIPTIONS: Record<string, string> = { '200': 'OK', '201': 'Created' };

/**
 * Completes the responses of every operation. All but the probes get a `5XX` range for the
 * server's own failures (a status the route lists itself, such as an SMS route's 502, takes
 * precedence). An error response of the shared schema says which catalogue codes its status
 * carries (otherwise it would only read 'Every error answer'); a success response without a
 * description of its own gets its status's name instead of 'Default Response'.
 */
function describeResponses(document: { paths?: Record<string, Record<string, Operation>> }) {
  for (const path of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(path)) {
      const responses = (operation.responses ??= {});
      const probe = operation.tags?.includes('health');
      if (!probe) responses['5XX'] ??= structuredClone(SERVER_ERROR);
      for (const [status, response] of Object.entries(responses)) {
        if (status === '5XX') continue;
        if (response.content?.['application/json']?.schema?.$ref === ERROR_REF) {
          const codes = codesOf(status).map((code) => `\`${code}\``);
          response.description = `Error (ErrorResponse)${codes.length ? `; the codes sent with ${status}: ${codes.join(', ')}` : ''}`;
        } else if (response.description === 'Default Response' && SUCCESS_DESCRIPTIONS[status]) {
          response.description = SUCCESS_DESCRIPTIONS[status];
        }
      }
    }
  }
}

/**
 * @fastify/swagger's options: the document served at `/api/docs/json` and linted by
 * `npm run lint:api` (decision 025). Shared schemas are components named by their `$id`.
 */
export function openApiOptions(config: Pick<AppConfig, 'publicHost'>): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Storefront API',
        version: '1.0.0',
        summary: 'Quick-commerce storefront for India',
        description:
          'The API of the storefront PWA, served under `/api` on the same origin as the app. Requests and ' +
          'answers are JSON; state-changing requests must send `Content-Type: application/json` (415 ' +
          'otherwise). Signed-in operations take the session token as the `_auth` cookie (set by sign-in) or ' +
          'as `Authorization: Bearer`; without one they answer 401 `UNAUTHENTICATED` before the body is ' +
          'looked at. Every error answer is `{ success: false, code, message }` (schema ErrorResponse): ' +
          'branch on `code`, show `message`.\n\nThe paths of spec point 7 (sign-in, saved addresses, the ' +
          'product list on `/api`) are a contract with the storefront and keep their shape, including ' +
          '`/api/address/` with its trailing slash and `/api/address/{userId}` beside ' +
          '`/api/address/{addressId}` (operations marked `x-spec-fixed-path`).',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        contact: { name: 'Storefront API maintainers', url: `https://${config.publicHost}/api/docs` },
      },
      servers: [
        { url: '/', description: 'The host that serves the storefront (the API is under /api on the same origin)' },
      ],
      tags: TAGS,
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The `token` of the sign-in answer',
          },
          cookieAuth: {
            type: 'apiKey',
            in: 'cookie',
            name: '_auth',
            description: 'The session cookie sign-in sets (HttpOnly)',
          },
        },
      },
    },
    refResolver: {
      // Components are named by the shared schema's $id (ErrorResponse, Product, ...), not def-N.
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
    transformObject: (documentObject) => {
      const document = 'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
      describeResponses(document as Parameters<typeof describeResponses>[0]);
      return document;
    },
  };
}
