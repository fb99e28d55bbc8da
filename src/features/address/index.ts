export { deliveryAddressAtom, deliveryAddressSnapshotAtom } from './atoms';
export { deliverHereAtom } from './deliver-here';
export { addressesAtom, selectedAddressAtom } from './book-atoms';
export { registerAddressMutationDefaults } from './register';
export { addressesQueryOptions, useAddresses } from './api/get-addresses';
export { SelectDeliveryAddress, loadSelectDeliveryAddress, SavedAddresses } from './lazy';
export { AddressListPending } from './components/AddressListPending';
export { ADDRESS_TEXT, ADDRESS_BANNERS, MAP_ALERTS, ADDRESS_ERRORS } from './constants';
export type { Address, SelectedPlace } from './types';
