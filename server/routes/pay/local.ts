import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';

import { paiseToRupees } from '../../domain/money';
import { apiError } from '../../errors';
import { LocalGateway } from '../../payments/local';

/**
 * The local gateway's page (PAYMENT_PROVIDER=local): plain server-rendered HTML with one small
 * same-origin script and stylesheet, framed by our own origin only. It shows the store, the
 * amount and three buttons: Pay with UPI (approve), Decline (the bank refuses), Cancel (the
 * shopper abandons). Approve and decline post to the page's own endpoints, which record the
 * payment and queue the signed webhooks (`server/payments/local.ts`); the script then tells the
 * app the outcome by postMessage to its own origin, as Razorpay Checkout's handler,
 * `payment.failed` and `modal.ondismiss` do.
 */

const STORE_NAME = 'QuickCart';
const GATEWAY_ORDER_ID = /^order_[A-Za-z0-9]{14}$/;

/** Our CSP with frame-ancestors 'self': the checkout frames this page; nobody else may. */
const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const rupees = (paise: number) =>
  `₹${paiseToRupees(paise).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function page(title: string, body: string, data: Record<string, string> = {}) {
  const attributes = Object.entries(data)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/pay/local/page.css">
<script src="/pay/local/page.js" defer></script>
</head>
<body${attributes}>
<main class="card">
${body}
</main>
</body>
</html>`;
}

const STYLES = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4f6fb;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;padding:16px}
.card{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:24px;width:100%;max-width:360px}
.gateway{font-size:12px;letter-spacing:.08em;text-transform:uppercase;color:#6b7280;margin:0}
h1{font-size:20px;margin:4px 0 16px}
.amount{font-size:32px;font-weight:700;margin:0 0 4px}
.note{color:#6b7280;font-size:14px;margin:0 0 20px}
.actions{display:flex;flex-direction:column;gap:10px}
button{font:inherit;border-radius:8px;padding:12px;border:1px solid #d1d5db;background:#fff;cursor:pointer;min-height:44px}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
button[disabled]{opacity:.6;cursor:progress}
.approve{background:#0c831f;border-color:#0c831f;color:#fff;font-weight:600}
.decline{color:#b91c1c;border-color:#fca5a5}
.status{margin:16px 0 0;min-height:1.5em}
.status.error{color:#b91c1c}
a{color:#2563eb}`;

const SCRIPT = `(() => {
  const body = document.body;
  const orderId = body.dataset.gatewayOrder;
  const ourOrder = body.dataset.order;
  const status = document.getElementById('status');
  const buttons = Array.from(document.querySelectorAll('button[data-action]'));
  if (!orderId) return;
  const framed = window.parent !== window;
  function tell(message) {
    const full = Object.assign({ source: 'local-gateway' }, message);
    if (framed) window.parent.postMessage(full, location.origin);
    if (window.opener) window.opener.postMessage(full, location.origin);
    if (!framed && ourOrder) {
      const link = document.createElement('a');
      link.href = '/account/orders/' + encodeURIComponent(ourOrder);
      link.textContent = 'Go to your order';
      status.append(' ', link);
    }
  }
  function say(text, error) {
    status.textContent = text;
    status.className = error ? 'status error' : 'status';
  }
  async function post(action) {
    buttons.forEach((b) => (b.disabled = true));
    say('Processing…');
    try {
      const response = await fetch('/pay/local/' + encodeURIComponent(orderId) + '/' + action, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const outcome = await response.json();
      if (!response.ok) {
        say(outcome.message || 'Something went wrong. Please try again.', true);
        if (response.status !== 409) buttons.forEach((b) => (b.disabled = false));
        return;
      }
      if (outcome.event === 'paid') {
        say('Payment successful.');
        tell({ event: 'paid', gatewayOrderId: outcome.gatewayOrderId, paymentId: outcome.paymentId, signature: outcome.signature });
      } else {
        say(outcome.description, true);
        tell({ event: 'failed', gatewayOrderId: outcome.gatewayOrderId, paymentId: outcome.paymentId, description: outcome.description });
      }
    } catch {
      say('Could not reach the payment page. Check your connection and try again.', true);
      buttons.forEach((b) => (b.disabled = false));
    }
  }
  buttons.forEach((button) =>
    button.addEventListener('click', () => {
      const action = button.dataset.action;
      if (action === 'cancel') {
        buttons.forEach((b) => (b.disabled = true));
        say('Payment cancelled. No money was taken.');
        tell({ event: 'dismissed', gatewayOrderId: orderId });
      } else {
        post(action);
      }
    }),
  );
  buttons[0] && buttons[0].focus();
})();
`;

function gatewayOf(app: { payments: { gateway: unknown } }) {
  const gateway = app.payments.gateway;
  return gateway instanceof LocalGateway ? gateway : null;
}

const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply
    .code(status)
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);

const Params = Type.Object({ gatewayOrderId: Type.String({ maxLength: 100 }) });
const Outcome = Type.Object({
  event: Type.Union([Type.Literal('paid'), Type.Literal('failed')]),
  gatewayOrderId: Type.String(),
  paymentId: Type.String(),
  signature: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
});

/** Registered with the local gateway only (PAYMENT_PROVIDER=local). */
const localGatewayRoutes: FastifyPluginAsyncTypebox = async (app) => {
  if (!(app.payments.gateway instanceof LocalGateway)) return;
  app.get('/pay/local/page.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(STYLES),
  );
  app.get('/pay/local/page.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SCRIPT),
  );

  app.get('/pay/local/:gatewayOrderId', { schema: { hide: true, params: Params } }, async (request, reply) => {
    const gateway = gatewayOf(app);
    const order =
      gateway && GATEWAY_ORDER_ID.test(request.params.gatewayOrderId)
        ? await gateway.order(request.params.gatewayOrderId)
        : undefined;
    if (!order) {
      return sendPage(
        reply,
        404,
        page(
          'Payment not found',
          '<p class="gateway">Local test gateway</p><h1>Payment not found</h1>' +
            '<p class="note">This payment link is not valid. Go back to the checkout and try again.</p>',
        ),
      );
    }
    const head = `<p class="gateway">Local test gateway</p><h1>${STORE_NAME}</h1>
<p class="amount">${rupees(order.amountPaise)}</p>`;
    if (order.status === 'paid') {
      return sendPage(
        reply,
        200,
        page(
          `${STORE_NAME}: paid`,
          `${head}<p class="note">This order is already paid.</p><p id="status" class="status" role="status"></p>`,
          {
            order: order.receipt,
          },
        ),
      );
    }
    return sendPage(
      reply,
      200,
      page(
        `Pay ${rupees(order.amountPaise)} to ${STORE_NAME}`,
        `${head}<p class="note">Test payment: no real money moves.</p>
<div class="actions">
<button type="button" class="approve" data-action="approve">Pay with UPI</button>
<button type="button" class="decline" data-action="decline">Decline</button>
<button type="button" data-action="cancel">Cancel</button>
</div>
<p id="status" class="status" role="status" aria-live="polite"></p>`,
        { 'gateway-order': order.id, order: order.receipt },
      ),
    );
  });

  for (const action of ['approve', 'decline'] as const) {
    app.post(
      `/pay/local/:gatewayOrderId/${action}`,
      { schema: { hide: true, params: Params, response: { 200: Outcome } } },
      async (request) => {
        const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (mediaType !== 'application/json') {
          throw apiError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
        }
        const gateway = gatewayOf(app);
        if (!gateway || !GATEWAY_ORDER_ID.test(request.params.gatewayOrderId)) {
          throw apiError('NOT_FOUND', 'Payment not found.');
        }
        const outcome =
          action === 'approve'
            ? await gateway.approve(request.params.gatewayOrderId)
            : await gateway.decline(request.params.gatewayOrderId);
        if (!outcome) throw apiError('NOT_FOUND', 'Payment not found.');
        if (outcome === 'paid') throw apiError('CONFLICT', 'This order is already paid.');
        return outcome;
      },
    );
  }
};

export default localGatewayRoutes;
