import { style } from '@vanilla-extract/css';

import { notice } from '../../../styles/primitives.css';
import { sprinkles } from '../../../styles/sprinkles.css';
import { vars } from '../../../styles/theme.css';

export const status = style([sprinkles({ display: 'flex', flexDirection: 'column', gap: '2' }), { outline: 'none' }]);

export const error = notice({ tone: 'danger' });
export const info = notice({ tone: 'warning' });
export const success = notice({ tone: 'success' });

export const actions = sprinkles({ display: 'flex', flexWrap: 'wrap', gap: '2' });

export const gatewayHeader = sprinkles({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '2',
});

export const gatewayTitle = style({ fontSize: vars.fontSize.lg, fontWeight: 700, outline: 'none' });

export const gatewayFrame = style({
  width: '100%',
  height: 'min(460px, calc(100dvh - 140px))',
  border: vars.border.hairline,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
