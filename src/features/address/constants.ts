/** Texts of saved addresses and the map picker; the spec's are word for word (points 4, 5 and 8). */
export const ADDRESS_TEXT = {
  /** Use current location, refused by the browser for this site: said beside the button, after the spec's alert. */
  locationBlocked:
    'Location access is blocked for this site. Allow it in your browser’s site settings, or search for your area or tap the map where you are.',
  pageTitle: 'Saved Address',
  addTitle: 'Enter Complete Address',
  editTitle: 'Edit Address',
  save: 'Save Address',
  update: 'Update Address',
  addNew: 'Add new address',
  deleteQuestion: 'Are you sure you want to delete this address?',
  delete: 'Delete',
  cancel: 'Cancel',
  edit: 'Edit',
  noAddresses: 'No addresses found.',
  noSavedAddresses: 'No saved addresses found.',
  listOffline: 'You are offline. Your saved addresses will show here once you are back online.',
  pending: 'Waiting for a connection',
  pendingDelete: 'Deleting when you are back online',
  deliverHere: 'Delivering here',
  confirmLocation: 'Confirm location',
  useCurrentLocation: 'Use current location',
  searchPlaceholder: 'Search for area, street name…',
  changeLocation: 'Change',
  enterManually: 'Enter manually',
  pinnedOffline: 'Pinned. You are offline, so the map cannot name this place: type your locality next.',
  pinnedUnnamed: 'Pinned. Type your locality next.',
  searchOffline: 'Place search needs a connection. Tap the map to pin your location instead.',
  typeLocality: 'Type your locality: the map could not name this place.',
  checkLocality: 'The locality as the map named it: change it as you want it written.',
  dismiss: 'Dismiss',
} as const;

/**
 * Under a saved address outside the delivery area (the cart's list, checkout's picker). Apart
 * from ADDRESS_TEXT, which the first page loads whole: only those lazily loaded lists need it.
 */
export const OUTSIDE_AREA = 'We do not deliver here yet';

/** Spec point 8's red banners of the address panel. */
export const ADDRESS_BANNERS = {
  load: 'Failed to load addresses. Please try again later.',
  refreshAfterAdd: 'Failed to refresh address list after adding.',
  refreshAfterEdit: 'Failed to refresh address list after editing.',
  refreshAfterDelete: 'Failed to refresh address list after deletion.',
  add: 'Failed to add address. Please try again.',
  edit: 'Failed to update address. Please try again.',
  delete: 'Failed to delete address. Please try again.',
} as const;

/** Spec point 8's map alerts, each shown for ALERT_MS. */
export const MAP_ALERTS = {
  placeDetails: 'Place details not available. Please try another search.',
  currentPlace: 'Failed to get the place details for your current location.',
  currentLocation: 'Failed to get your current location. Please try again.',
  noGeolocation: 'Geolocation is not supported by your browser.',
  selectedPlace: 'Failed to get the place details for the selected location.',
  notDetermined: "Your location couldn't be determined! Try again or enter manually.",
  /** Ours: 'Enter manually' with the pin where the map opened for want of anything better. */
  pinFirst: 'Put the pin on your delivery location first: tap the map, drag the pin or search for your area.',
} as const;

/** Spec point 5's messages. */
export const ADDRESS_ERRORS = {
  tag: 'Tag is required',
  buildingName: 'Please enter your complete address details',
  locality: 'Locality is required',
  name: 'Name is required',
  mobile: 'Please enter a valid 10-digit mobile number',
  /** Ours (issue 16), the server's word for word (server/domain/address.ts). */
  pincode: 'Please enter a valid 6-digit PIN code (it does not start with 0)',
} as const;

/** Spec point 9: alerts stay this long. */
export const ALERT_MS = 3000;
/** Spec point 9: the map's zoom. */
export const MAP_ZOOM = 17;
/**
 * Where the map opens without a previous address or a place chosen in the header: Mumbai, in the
 * header's 'Maharashtra, India'. Only a guess: 'Enter manually' asks for the pin to be put first.
 */
export const DEFAULT_CENTER = { lat: 19.076, lng: 72.8777 } as const;

export const PRESET_TAGS = ['Home', 'Work', 'Hotel'] as const;
