export { usePay, type PayStep } from './use-pay';
export { payOrderQueryOptions } from './api/get-order';
export { cancelUnpaidOrder } from './api/cancel-unpaid';
export { PaymentStatus, endedUnpaid } from './components/PaymentStatus';
export { LocalGatewayDialog } from './components/LocalGatewayDialog';
export { PayBy } from './components/PayBy';
export {
  PAYMENT_METHOD_NAMES,
  PAYMENT_TEXT,
  failureText,
  opensGatewayOnLoad,
  payOrderHref,
  pollDelay,
} from './constants';
export { rememberAttempt, forgetAttempt, forgetAwaiting, attemptKey, attemptOrderId, renewAttemptKey } from './attempt';
export type { CheckoutSession, OnlineMethod, OrderPayment, OrderWithPayment, PaymentChoice, PayStatus } from './types';
