/**
 * The custom property on the root element that holds the sticky header's measured height
 * (Header.tsx sets it; `vars.layout.headerHeight` reads it, with the height before the app runs).
 */
export const HEADER_HEIGHT_PROPERTY = '--header-height';
