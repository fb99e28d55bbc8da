import { useRouter } from '@tanstack/react-router';

import { Button } from '../../../components/Button';
import { MessageScreen } from '../../../components/MessageScreen';
import { ORDER_TEXT } from '../format';

/** Spec point 8: an unknown order, or someone else's, shows 'Order not found.' and a back button. */
export function OrderNotFound() {
  const router = useRouter();
  return (
    <MessageScreen
      title={ORDER_TEXT.notFound}
      actions={
        <Button
          tone="outline"
          onClick={() =>
            router.history.canGoBack() ? router.history.back() : void router.navigate({ to: '/account/orders' })
          }
        >
          Back
        </Button>
      }
    >
      It may have been placed from another account, or the link is incomplete.
    </MessageScreen>
  );
}
