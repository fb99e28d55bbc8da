import { style } from '@vanilla-extract/css';

import { vars } from '../../styles/theme.css';

export const heading = style({ fontSize: vars.fontSize.xl, fontWeight: 700, margin: `${vars.space['4']} 0` });
