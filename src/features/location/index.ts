export { LocationPicker } from './components/LocationPicker';
export { serviceabilityQueryOptions, type Place } from './api/get-serviceability';
export { useChosenDelivery, type ChosenDelivery } from './use-chosen-delivery';
