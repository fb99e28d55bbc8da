export { CheckoutPage } from './components/CheckoutPage';
