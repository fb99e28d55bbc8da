import type { ManifestOptions } from 'vite-plugin-pwa';

/** The web app manifest (manifest.webmanifest) that vite-plugin-pwa writes into the build. */
export const webManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'QuickCart — groceries in minutes',
  short_name: 'QuickCart',
  description: 'Groceries, fruits, vegetables and daily essentials delivered in minutes.',
  lang: 'en-IN',
  dir: 'ltr',
  categories: ['shopping', 'food'],
  theme_color: '#0c831f',
  background_color: '#ffffff',
  display: 'standalone',
  orientation: 'any',
  start_url: '/',
  scope: '/',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ],
  // Made by scripts/pwa-assets.mjs from a running store.
  screenshots: [
    {
      src: '/screenshots/home-narrow.png',
      sizes: '390x844',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'The QuickCart home page on a phone',
    },
    {
      src: '/screenshots/home-wide.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'The QuickCart home page on a computer',
    },
  ],
  shortcuts: [
    {
      name: 'Cart',
      short_name: 'Cart',
      description: 'Open your cart',
      url: '/?cart=open',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'My Orders',
      short_name: 'Orders',
      description: 'See your orders and their status',
      url: '/account/orders',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
  ],
};
