export { AccountLayout } from './components/AccountLayout';
export { AccountHome } from './components/AccountHome';
export { AddressesPage } from './components/AddressesPage';
export { FaqsPage } from './components/FaqsPage';
export { PrivacyPage } from './components/PrivacyPage';
export { ACCOUNT_TEXT } from './constants';
export { AccountPage } from './components/AccountPage';
