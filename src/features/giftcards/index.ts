export { GiftCardsPage } from './components/GiftCardsPage';
export { walletQueryOptions } from './api/get-wallet';
