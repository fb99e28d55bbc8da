import type { FastifyInstance } from 'fastify';

import type { PaymentsConfig } from '../config';

/**
 * The Content-Security-Policy of the pages that need more than the storefront's (decision 031):
 * the checkout page, where the payment gateway's checkout opens, and the local gateway's page
 * (`server/routes/pay/local.ts`), which the checkout frames. Every other answer keeps helmet's
 * policy (`contentSecurityPolicy` in app.ts).
 *
 * - Razorpay: Razorpay Checkout's script (checkout.razorpay.com, which loads more from
 *   cdn.razorpay.com), its frames (api.razorpay.com, checkout.razorpay.com), its logging
 *   (lumberjack.razorpay.com, lumberjack-metrics.razorpay.com), its images (cdn.razorpay.com), and
 *   the inline styles its script gives the modal's container: the list of Razorpay's own CSP
 *   allow-list (razorpay-magento's etc/csp_whitelist.xml) plus the frame origin the brief names.
 * - The local gateway: its page is ours, framed from /checkout (`frame-src 'self'`), and that page
 *   (with its script and stylesheet under /pay/local/) may be framed by our own origin only
 *   (`frame-ancestors 'self'`).
 * - Payment off: nothing changes.
 */
export type CspDirectives = Record<string, string[]>;

export const RAZORPAY_CSP: CspDirectives = {
  scriptSrc: ['https://checkout.razorpay.com', 'https://cdn.razorpay.com'],
  frameSrc: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connectSrc: ['https://lumberjack.razorpay.com', 'https://lumberjack-metrics.razorpay.com'],
  imgSrc: ['https://cdn.razorpay.com'],
  styleSrc: ["'unsafe-inline'"],
};

/** The checkout page: `/checkout`, with or without a trailing slash or query. */
export function isCheckoutPage(url: string): boolean {
  const pathname = url.split('?')[0];
  return pathname === '/checkout' || pathname === '/checkout/';
}

/** The local gateway's page and its files, `/pay/local/…`. */
export function isLocalGatewayPage(url: string): boolean {
  return url.startsWith('/pay/local/');
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The header's text, written as helmet writes it (`default-src 'self';script-src 'self';…`). */
export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => [kebab(name), ...values].join(' '))
    .join(';');
}

/**
 * `policy` (a header's text) allowing the `<style>` elements whose hashes are given as well
 * (decision 049), or null when it cannot: its `<style>`s fall under `default-src` alone, which is
 * not ours to widen. The directive that governs `<style>` elements is `style-src-elem`, else
 * `style-src`. One that allows them inline already is left as it is (a hash would switch
 * `'unsafe-inline'` off).
 */
export function withStyleHashes(policy: string, hashes: readonly string[]): string | null {
  const directives = policy.split(';').map((text) => ({ text, name: text.trim().split(/\s+/)[0] }));
  const governing = ['style-src-elem', 'style-src']
    .map((name) => directives.find((directive) => directive.name === name))
    .find((directive) => directive !== undefined);
  if (governing === undefined) return null;
  if (hashes.length === 0 || governing.text.includes("'unsafe-inline'")) return policy;
  const sources = hashes.map((hash) => `'${hash}'`).join(' ');
  return directives
    .map(({ text, name }) => (name === 'style-src-elem' || name === 'style-src' ? `${text} ${sources}` : text))
    .join(';');
}

/** `base` with `extra`'s sources added to its directives (new directives appended). */
export function extendCsp(base: CspDirectives, extra: CspDirectives): CspDirectives {
  const merged: CspDirectives = { ...base };
  for (const [name, values] of Object.entries(extra)) {
    const current = merged[name] ?? [];
    merged[name] = [...current, ...values.filter((value) => !current.includes(value))];
  }
  return merged;
}

/** The checkout page's policy for this payment provider; null when it is the storefront's. */
export function checkoutCsp(base: CspDirectives, payments: PaymentsConfig): CspDirectives | null {
  switch (payments.provider) {
    case 'razorpay':
      return extendCsp(base, RAZORPAY_CSP);
    case 'local':
      return extendCsp(base, { frameSrc: ["'self'"] });
    case 'off':
      return null;
  }
}

/** The local gateway's page: the storefront's policy, framed by our own origin only. */
export function localGatewayPageCsp(base: CspDirectives): CspDirectives {
  return { ...base, frameAncestors: ["'self'"] };
}

/**
 * Puts the checkout page's policy (and, with the local gateway, its page's) in place of helmet's
 * on their answers, whether the page is rendered on the server, the shell or a 404. An answer
 * whose route set a policy of its own keeps it.
 */
export function registerPageCsp(app: FastifyInstance, base: CspDirectives, payments: PaymentsConfig): void {
  const defaultPolicy = serializeCsp(base);
  const checkout = checkoutCsp(base, payments);
  const checkoutPolicy = checkout && serializeCsp(checkout);
  const localPagePolicy = payments.provider === 'local' ? serializeCsp(localGatewayPageCsp(base)) : null;
  if (!checkoutPolicy && !localPagePolicy) return;
  app.addHook('onSend', (request, reply, payload, done) => {
    const policy =
      checkoutPolicy && isCheckoutPage(request.url)
        ? checkoutPolicy
        : localPagePolicy && isLocalGatewayPage(request.url)
          ? localPagePolicy
          : null;
    if (policy && reply.getHeader('content-security-policy') === defaultPolicy) {
      reply.header('content-security-policy', policy);
    }
    done(null, payload);
  });
}
