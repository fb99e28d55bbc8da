import type { ButtonHTMLAttributes } from 'react';

import { button, type ButtonVariants } from './Button.css';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & ButtonVariants;

export function Button({ tone, size, className, type = 'button', ...rest }: Props) {
  const classes = [button({ tone, size }), className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}
