import { Button } from '../../../components/Button';
import { usePopup } from '../../popups';
import * as styles from './Account.css';

/** Spec point 2: /checkout shows only the placeholder text 'checkout' until checkout is built. */
export function CheckoutPlaceholder() {
  const cart = usePopup('cart');
  return (
    <section className={styles.placeholder}>
      <h1 className={styles.pageTitle}>checkout</h1>
      <Button tone="outline" onClick={() => void cart.open()}>
        Back to cart
      </Button>
    </section>
  );
}
