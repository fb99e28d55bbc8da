import { artImage } from '../lib/art-image';

/**
 * A product's small picture in a list (the cart, checkout, an order, search suggestions):
 * decorative (the name is beside it), drawn from its illustration's WebP for `size` px
 * (decision 048), and loaded when near the screen.
 */
export function Thumbnail({ src, size, className }: { src: string; size: number; className?: string }) {
  return (
    <img
      className={className}
      {...artImage(src, `${size}px`, 128)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}
