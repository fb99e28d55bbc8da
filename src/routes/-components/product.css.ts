import { style } from '@vanilla-extract/css';

import { minWidth } from '../../styles/breakpoints';
import { vars } from '../../styles/theme.css';

export const layout = style({
  display: 'grid',
  gap: vars.space['6'],
  '@media': { [minWidth('md')]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});

export const image = style({ width: '100%', maxWidth: '480px', aspectRatio: '1 / 1', borderRadius: vars.radius.lg });

export const details = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const name = style({ fontSize: vars.fontSize.xxl, fontWeight: 700, lineHeight: 1.2 });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const price = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
});

export const badge = style({
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.sm,
  background: vars.color.discount,
  color: vars.color.textInverse,
  fontSize: vars.fontSize.xs,
});
