import { HEADER_HEIGHT_PROPERTY } from './header-height';

/** Design tokens as plain values; theme.css.ts feeds them into the `vars` contract. */
export const tokens = {
  color: {
    brand: '#0c831f',
    brandStrong: '#076118',
    brandSoft: '#e8f5ea',
    accent: '#f8cb46',
    text: '#1f1f1f',
    textMuted: '#666666',
    textInverse: '#ffffff',
    surface: '#ffffff',
    surfaceMuted: '#f5f7f6',
    border: '#e6e6e6',
    danger: '#c62828',
    dangerSoft: '#fdecea',
    warning: '#9a6700',
    warningSoft: '#fff4d6',
    success: '#1b7f37',
    successSoft: '#e6f4ea',
    discount: '#2563eb',
    focus: '#1a73e8',
  },
  space: {
    '0': '0',
    '1': '4px',
    '2': '8px',
    '3': '12px',
    '4': '16px',
    '5': '20px',
    '6': '24px',
    '8': '32px',
    '10': '40px',
    '12': '48px',
  },
  radius: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  },
  fontSize: { xs: '12px', sm: '14px', md: '16px', lg: '18px', xl: '22px', xxl: '28px' },
  shadow: {
    card: '0 1px 3px rgba(0, 0, 0, 0.08)',
    raised: '0 8px 24px rgba(0, 0, 0, 0.12)',
  },
  layout: {
    maxWidth: '1280px',
    /** The header's first row from 768 px, where it holds everything but the categories. */
    barHeight: '72px',
    /**
     * The whole sticky header, for what must stay clear of it (the scroll padding, sticky columns):
     * as Header.tsx measures it once the app runs, and until then its height on a phone (three rows;
     * global.css.ts has the one from 768 px).
     */
    headerHeight: `var(${HEADER_HEIGHT_PROPERTY}, 157px)`,
  },
} as const;
