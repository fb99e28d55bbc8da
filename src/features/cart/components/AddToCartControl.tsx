import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';

import type { Product } from '../../../../server/schemas/product';
import { Button } from '../../../components/Button';
import { QuantityStepper } from '../../../components/QuantityStepper';
import { addToCartAtom, decrementCartItemAtom } from '../atoms';
import { MAX_ITEM_QUANTITY, maxQuantityNote } from '../constants';
import type { CartProduct } from '../cart-logic';
import { useCartQuantity } from '../use-cart';
import * as styles from './AddToCartControl.css';

interface Props {
  product: CartProduct & Pick<Product, 'inStock'>;
}

/** 'Add' until the product is in the cart, then a quantity stepper. */
export function AddToCartControl({ product }: Props) {
  const quantity = useCartQuantity(product.id);
  const add = useSetAtom(addToCartAtom);
  const decrement = useSetAtom(decrementCartItemAtom);
  const inCart = quantity > 0;

  // The pressed button is replaced (Add <-> stepper): keep keyboard focus on the control.
  const container = useRef<HTMLDivElement>(null);
  const plusButton = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    const target = inCart ? plusButton.current : container.current?.querySelector('button');
    target?.focus();
  }, [inCart]);

  let control;
  if (!product.inStock) {
    control = (
      <Button tone="outline" size="sm" className={styles.add} disabled aria-label={`${product.name} is out of stock`}>
        Add
      </Button>
    );
  } else if (!inCart) {
    control = (
      <Button
        tone="outline"
        size="sm"
        className={styles.add}
        aria-label={`Add ${product.name} to cart`}
        onClick={() => {
          moveFocus.current = true;
          void add(product);
        }}
      >
        Add
      </Button>
    );
  } else {
    control = (
      <QuantityStepper
        quantity={quantity}
        label={`${product.name} quantity`}
        max={MAX_ITEM_QUANTITY}
        maxNote={maxQuantityNote}
        incrementRef={plusButton}
        onIncrement={() => void add(product)}
        onDecrement={() => {
          moveFocus.current = quantity === 1;
          void decrement(product.id);
        }}
      />
    );
  }

  return (
    <div ref={container} className={styles.control}>
      {control}
    </div>
  );
}

/**
 * A product strip's action (`renderAction`): one function for every strip, so that a strip's
 * cards are not drawn again when the page around them is.
 */
export const addToCartAction = (product: Product) => <AddToCartControl product={product} />;
