export { AddToCartControl, addToCartAction } from './components/AddToCartControl';
export { CartButton } from './components/CartButton';
export { CartPanelHost as CartPanel } from './components/CartPanelHost';
export { FloatingCartBar } from './components/FloatingCartBar';
export {
  addToCartAtom,
  cartAtom,
  cartItemsAtom,
  cartLoadedAtom,
  cartTotalsAtom,
  clearCartAtom,
  decrementCartItemAtom,
  incrementCartItemAtom,
  removeFromCartAtom,
  totalPriceAtom,
  totalQuantityAtom,
} from './atoms';
export { refreshCartAtom } from './refresh';
export { useAddToCart, useCart, useCartQuantity } from './use-cart';
export { computeBill, type Bill, type Cart, type CartItem, type CartProduct } from './cart-logic';
export {
  DELIVERY_CHARGE,
  FREE_DELIVERY_THRESHOLD,
  HANDLING_CHARGE,
  MAX_ITEM_QUANTITY,
  maxQuantityNote,
} from './constants';
export { CART_TEXT } from './texts';
export { cartProductsQueryOptions } from './api/get-cart-products';
