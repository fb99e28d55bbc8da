import { Button } from '../../../components/Button';
import { MessageScreen } from '../../../components/MessageScreen';
import { ORDER_TEXT } from '../format';

/** Loading orders failed (offline, server down): say so and offer to try again. */
export function OrdersError({ onRetry }: { onRetry: () => void }) {
  return (
    <MessageScreen title="Something went wrong" actions={<Button onClick={onRetry}>Try again</Button>}>
      {ORDER_TEXT.loadFailed}
    </MessageScreen>
  );
}
