import { style } from '@vanilla-extract/css';

import { maxWidth, minWidth } from '../../../styles/breakpoints';
import { vars } from '../../../styles/theme.css';

export const layout = style({
  display: 'grid',
  gap: vars.space['6'],
  '@media': { [minWidth('lg')]: { gridTemplateColumns: '260px minmax(0, 1fr)', alignItems: 'start' } },
});

export const sidebar = style({
  display: 'none',
  '@media': {
    [minWidth('lg')]: {
      display: 'flex',
      flexDirection: 'column',
      gap: vars.space['2'],
      position: 'sticky',
      top: `calc(${vars.layout.headerHeight} + ${vars.space['4']})`,
      padding: vars.space['4'],
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.lg,
    },
  },
});

export const sidebarMobile = style({
  padding: `${vars.space['2']} ${vars.space['3']} ${vars.space['3']}`,
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const navList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' });

export const navItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  width: '100%',
  minHeight: '44px',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  fontSize: vars.fontSize.md,
  textAlign: 'left',
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted },
    '&[aria-current="page"]': { background: vars.color.brandSoft, color: vars.color.brandStrong, fontWeight: 700 },
  },
});

export const content = style({ minWidth: 0 });

/** /account: on phones the whole menu; from 992 px a welcome beside the sidebar. */
export const home = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const profile = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  background: vars.color.brandSoft,
});

export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '48px',
  height: '48px',
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.brand,
});

export const homeTitle = style({ fontSize: vars.fontSize.xl, fontWeight: 700 });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const phonesOnly = style({ '@media': { [minWidth('lg')]: { display: 'none' } } });

export const largeOnly = style({ '@media': { [maxWidth('lg')]: { display: 'none' } } });

export const menuCard = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space['2'],
});

export const chevron = style({ marginLeft: 'auto', color: vars.color.textMuted });

/**
 * A page of the account area. On phones it covers the screen, header included, with a back
 * arrow to the menu (spec point 2); from 992 px it sits beside the sidebar.
 */
export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  '@media': {
    [maxWidth('lg')]: {
      position: 'fixed',
      inset: 0,
      // Above the sticky header (50), below popovers and the global loader.
      zIndex: 55,
      overflowY: 'auto',
      overscrollBehavior: 'contain',
      padding: `0 ${vars.space['4']} ${vars.space['8']}`,
      background: vars.color.surface,
    },
  },
});

export const pageHeader = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  '@media': {
    [maxWidth('lg')]: {
      position: 'sticky',
      top: 0,
      margin: `0 calc(-1 * ${vars.space['4']})`,
      padding: `${vars.space['2']} ${vars.space['4']}`,
      minHeight: '56px',
      background: vars.color.surface,
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
});

export const back = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.pill,
  color: vars.color.text,
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
  '@media': { [minWidth('lg')]: { display: 'none' } },
});

export const pageTitle = style({ fontSize: vars.fontSize.xl, fontWeight: 700, outline: 'none' });

export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['10']} ${vars.space['4']}`,
  textAlign: 'center',
});

export const emptyIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '72px',
  height: '72px',
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceMuted,
  color: vars.color.textMuted,
});

export const emptyTitle = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });

export const linkButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '44px',
  padding: `${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  background: vars.color.brand,
  color: vars.color.textInverse,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.brandStrong } },
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const cardTitle = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });

export const prose = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'], color: vars.color.text });

export const list = style({
  margin: 0,
  paddingLeft: vars.space['5'],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], alignItems: 'center' });

export const danger = style({
  background: vars.color.danger,
  color: vars.color.textInverse,
  selectors: { '&:hover:not(:disabled)': { background: '#a31f1f' } },
});

export const dangerCard = style({ borderColor: vars.color.dangerSoft, background: '#fffafa' });

export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, fontWeight: 600 });

export const status = style({ color: vars.color.success, fontSize: vars.fontSize.sm });

export const faqGroup = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const faqGroupTitle = style({ fontSize: vars.fontSize.md, fontWeight: 700, color: vars.color.textMuted });

export const faq = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const faqQuestion = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  minHeight: '48px',
  padding: `${vars.space['3']} ${vars.space['4']}`,
  fontWeight: 600,
  cursor: 'pointer',
  listStyle: 'none',
  selectors: {
    // Safari still draws its own disclosure triangle unless told not to.
    '&::-webkit-details-marker': { display: 'none' },
    '&::after': { content: '"+"', fontSize: vars.fontSize.lg, color: vars.color.brand, lineHeight: 1 },
    [`${faq}[open] > &::after`]: { content: '"−"' },
  },
});

export const faqAnswer = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: `0 ${vars.space['4']} ${vars.space['4']}`,
  color: vars.color.textMuted,
});

export const placeholder = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['4'],
  padding: `${vars.space['12']} ${vars.space['4']}`,
  textAlign: 'center',
});
