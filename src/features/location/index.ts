export { LocationPicker, NotDeliveredHere } from './components/LocationPicker';
export { serviceabilityOfQueryOptions, serviceabilityQueryOptions, type Place } from './api/get-serviceability';
export { useChosenDelivery, useChosenPlace, type ChosenDelivery } from './use-chosen-delivery';
export { chosenLocationAtom, validChosenLocation, type ChosenLocation } from './location-atoms';
