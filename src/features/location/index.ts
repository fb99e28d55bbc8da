export { LocationPicker } from './components/LocationPicker';
export { serviceabilityQueryOptions, type Place } from './api/get-serviceability';
