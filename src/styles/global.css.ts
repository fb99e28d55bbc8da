import { globalStyle } from '@vanilla-extract/css';

import { minWidth } from './breakpoints';
import { HEADER_HEIGHT_PROPERTY } from './header-height';
import { vars } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  // The sticky header would otherwise cover what is scrolled into view.
  scrollPaddingTop: vars.layout.headerHeight,
});
// The header's height before the app runs and measures it: one row and the categories from 768 px.
// (`:root`, as the theme's tokens are, or theirs would win.)
globalStyle(':root', {
  '@media': {
    [minWidth('md')]: { vars: { [vars.layout.headerHeight]: `var(${HEADER_HEIGHT_PROPERTY}, 122px)` } },
  },
});
globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: 1.5,
  color: vars.color.text,
  background: vars.color.surface,
  WebkitFontSmoothing: 'antialiased',
});
globalStyle('img, svg', { display: 'block', maxWidth: '100%' });
// width/height attributes reserve space before load; CSS then sizes the image by its width.
globalStyle('img', { height: 'auto' });
globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });
globalStyle('button', { cursor: 'pointer' });
globalStyle('a', { color: 'inherit' });
// A link inside running text must not rely on colour alone to stand out.
globalStyle('p a', { textDecoration: 'underline', textUnderlineOffset: '0.15em' });
globalStyle('h1, h2, h3, h4, p', { margin: 0 });
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' });
globalStyle('#root', { minHeight: '100vh', display: 'flex', flexDirection: 'column' });
// A page the server rendered (decision 015) sits in a wrapper that takes no room of its own.
globalStyle('[data-prerendered]', { display: 'contents' });
