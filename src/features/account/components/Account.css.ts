import { style } from '@vanilla-extract/css';

import { maxWidth, minWidth } from '../../../styles/breakpoints';
import { card as cardRecipe, iconButton, listReset, muted as mutedText, title } from '../../../styles/primitives.css';
import { centred } from '../../../styles/rules';
import { sprinkles } from '../../../styles/sprinkles.css';
import { vars } from '../../../styles/theme.css';

const column = (gap: '2' | '3' | '4') => sprinkles({ display: 'flex', flexDirection: 'column', gap });

export const layout = style({
  display: 'grid',
  gap: vars.space['6'],
  '@media': { [minWidth('lg')]: { gridTemplateColumns: '260px minmax(0, 1fr)', alignItems: 'start' } },
});

export const sidebar = style([
  cardRecipe(),
  {
    display: 'none',
    '@media': {
      [minWidth('lg')]: {
        display: 'flex',
        flexDirection: 'column',
        gap: vars.space['2'],
        position: 'sticky',
        top: `calc(${vars.layout.headerHeight} + ${vars.space['4']})`,
      },
    },
  },
]);

export const sidebarMobile = style({
  padding: `${vars.space['2']} ${vars.space['3']} ${vars.space['3']}`,
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  borderBottom: vars.border.hairline,
});

export const navList = style([listReset, sprinkles({ display: 'flex', flexDirection: 'column' })]);

export const navItem = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: '3' }),
  {
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
  },
]);

export const content = style({ minWidth: 0 });

/** /account: on phones the whole menu; from 992 px a welcome beside the sidebar. */
export const home = column('4');

export const profile = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: '3' }),
  { padding: vars.space['4'], borderRadius: vars.radius.lg, background: vars.color.brandSoft },
]);

export const avatar = style({
  ...centred,
  width: '48px',
  height: '48px',
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.brand,
});

export const homeTitle = title.xl;

export const muted = mutedText;

export const phonesOnly = style({ '@media': { [minWidth('lg')]: { display: 'none' } } });

export const largeOnly = style({ '@media': { [maxWidth('lg')]: { display: 'none' } } });

export const menuCard = style([cardRecipe({ padding: 'none' }), { padding: vars.space['2'] }]);

export const chevron = style({ marginLeft: 'auto', color: vars.color.textMuted });

/**
 * A page of the account area. On phones it covers the screen, header included, with a back
 * arrow to the menu (spec point 2); from 992 px it sits beside the sidebar.
 */
export const page = style([
  column('4'),
  {
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
  },
]);

export const pageHeader = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: '2' }),
  {
    '@media': {
      [maxWidth('lg')]: {
        position: 'sticky',
        top: 0,
        margin: `0 calc(-1 * ${vars.space['4']})`,
        padding: `${vars.space['2']} ${vars.space['4']}`,
        minHeight: '56px',
        background: vars.color.surface,
        borderBottom: vars.border.hairline,
      },
    },
  },
]);

export const back = style([
  iconButton,
  { color: vars.color.text, '@media': { [minWidth('lg')]: { display: 'none' } } },
]);

export const pageTitle = style([title.xl, { outline: 'none' }]);

export const card = style([cardRecipe(), column('3')]);

export const cardTitle = title.lg;

export const list = style([column('2'), { margin: 0, paddingLeft: vars.space['5'] }]);

export const actions = sprinkles({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' });

export const danger = style({
  background: vars.color.danger,
  color: vars.color.textInverse,
  selectors: { '&:hover:not(:disabled)': { background: '#a31f1f' } },
});

export const dangerCard = style({ borderColor: vars.color.dangerSoft, background: '#fffafa' });

export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, fontWeight: 600 });

export const status = style({ color: vars.color.success, fontSize: vars.fontSize.sm });

export const faqGroup = column('2');

export const faqGroupTitle = style({ fontSize: vars.fontSize.md, fontWeight: 700, color: vars.color.textMuted });

export const faq = style([cardRecipe({ radius: 'md', padding: 'none' })]);

export const faqQuestion = style([
  sprinkles({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3' }),
  {
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
  },
]);

export const faqAnswer = style([
  column('2'),
  { padding: `0 ${vars.space['4']} ${vars.space['4']}`, color: vars.color.textMuted },
]);
