import type { ButtonHTMLAttributes } from 'react';

import * as styles from './Button.css';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  tone?: keyof typeof styles.tone;
  size?: keyof typeof styles.size;
};

export function Button({ tone = 'primary', size = 'md', className, type = 'button', ...rest }: Props) {
  const classes = [styles.base, styles.tone[tone], styles.size[size], className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}
