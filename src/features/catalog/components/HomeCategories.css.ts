import { style } from '@vanilla-extract/css';

import { maxWidth, minWidth } from '../../../styles/breakpoints';
import { column, listReset, spread } from '../../../styles/rules';
import { vars } from '../../../styles/theme.css';

// Home-page styles spread the shared rules rather than composing classes: see decision 017.

const tile = { ...spread, borderRadius: vars.radius.lg, textDecoration: 'none', color: vars.color.text } as const;

export const groceryTile = style({
  ...tile,
  gap: vars.space['4'],
  padding: vars.space['5'],
  background: `linear-gradient(120deg, ${vars.color.brandSoft}, #fff8e1)`,
  selectors: { '&:hover': { boxShadow: vars.shadow.raised } },
});

export const groceryTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: 800,
  '@media': { [minWidth('md')]: { fontSize: vars.fontSize.xl } },
});

export const groceryText = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const groceryImages = style({ display: 'flex', gap: vars.space['2'], flexShrink: 0 });

export const groceryImage = style({
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.md,
  '@media': { [minWidth('md')]: { width: '56px', height: '56px' } },
  // Two pictures are enough beside the title on a phone.
  selectors: { '&:nth-child(n+3)': { '@media': { [maxWidth('md')]: { display: 'none' } } } },
});

const grid = { ...listReset, display: 'grid', gap: vars.space['3'] } as const;

export const cardGrid = style({
  ...grid,
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  // Spec: the six collage cards are the mobile view of the categories.
  '@media': { [minWidth('md')]: { display: 'none' } },
});

export const card = style({
  ...column,
  gap: vars.space['1'],
  textDecoration: 'none',
  color: vars.color.text,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  lineHeight: 1.25,
});

export const collage = style({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: '3px',
  padding: '6px',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});

export const collageImage = style({
  width: '100%',
  aspectRatio: '1 / 1',
  borderRadius: '6px',
  background: vars.color.surface,
});

export const more = style({
  position: 'absolute',
  bottom: '4px',
  left: '50%',
  transform: 'translateX(-50%)',
  padding: '1px 6px',
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  border: vars.border.hairline,
  fontSize: '10px',
  fontWeight: 700,
  whiteSpace: 'nowrap',
});

export const promoGrid = style({
  ...grid,
  gridTemplateColumns: 'minmax(0, 1fr)',
  // Spec: promo cards three per row from the md breakpoint up.
  '@media': { [minWidth('md')]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

export const promo = style({ ...tile, gap: vars.space['3'], minHeight: '150px', padding: vars.space['5'] });

export const promoTitle = style({ display: 'block', fontSize: vars.fontSize.lg, fontWeight: 800, lineHeight: 1.2 });

export const promoText = style({
  display: 'block',
  fontSize: vars.fontSize.sm,
  margin: `${vars.space['1']} 0 ${vars.space['3']}`,
});

export const promoCta = style({
  display: 'inline-block',
  padding: `${vars.space['1']} ${vars.space['3']}`,
  borderRadius: vars.radius.sm,
  background: vars.color.text,
  color: vars.color.textInverse,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
});

export const promoImage = style({ width: '96px', height: '96px', flexShrink: 0 });

export const promoTone = {
  green: style({ background: '#e3f4e6' }),
  yellow: style({ background: '#fff3c9' }),
  blue: style({ background: '#e4efff' }),
};
