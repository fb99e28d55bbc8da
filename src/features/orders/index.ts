export { OrdersList } from './components/OrdersList';
export { OrderDetail } from './components/OrderDetail';
export { ORDERS_KEY } from './api/get-orders';
export { placedAt, STATUS_LABEL, ORDER_TEXT } from './format';
export { registerOrderCopies } from './register';
