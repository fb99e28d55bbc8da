import { style } from '@vanilla-extract/css';

import { column } from '../../styles/rules';
import { vars } from '../../styles/theme.css';

export const page = style({ ...column, gap: vars.space['5'] });

export const section = style({ ...column, gap: vars.space['3'] });

export const sectionHead = style({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between' });

export const heading = style({ fontSize: vars.fontSize.xl, fontWeight: 700 });

export const seeMore = style({ color: vars.color.brand, fontWeight: 700, textDecoration: 'none' });
