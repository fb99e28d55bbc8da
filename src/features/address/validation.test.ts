import { describe, expect, it } from 'vitest';

import type { AddressDraft } from './types';
import { pincodeInput, validateAddress } from './validation';

const draft = (overrides: Partial<AddressDraft> = {}): AddressDraft => ({
  tag: 'Home',
  locality: 'Powai, Mumbai, Maharashtra, India',
  buildingName: 'Flat 4, Lake View',
  floor: '',
  nearBy: '',
  name: 'Asha',
  mobile: '',
  gps: { latitude: 19.1, longitude: 72.9 },
  city: 'Mumbai',
  area: 'Powai',
  state: 'Maharashtra',
  pincode: '400076',
  ...overrides,
});

describe('validateAddress', () => {
  it('accepts a complete address with the optional fields empty', () => {
    expect(validateAddress(draft())).toEqual({});
  });

  it('gives every spec message at once for an empty form', () => {
    expect(
      validateAddress(draft({ tag: ' ', buildingName: '', locality: '', name: '', mobile: '123', pincode: '12' })),
    ).toEqual({
      tag: 'Tag is required',
      buildingName: 'Please enter your complete address details',
      locality: 'Locality is required',
      pincode: 'Please enter a valid 6-digit PIN code (it does not start with 0)',
      name: 'Name is required',
      mobile: 'Please enter a valid 10-digit mobile number',
    });
  });

  it.each(['56003', '5600345', '060034', '56003a', '000000'])('refuses the PIN code %s with the message', (pincode) => {
    expect(validateAddress(draft({ pincode }))).toEqual({
      pincode: 'Please enter a valid 6-digit PIN code (it does not start with 0)',
    });
  });

  it.each(['560034', '110001', '999999', '560 034'])('accepts the PIN code %s', (pincode) => {
    expect(validateAddress(draft({ pincode }))).toEqual({});
  });

  it('accepts no PIN code: the server fills it from the map point (an address started offline)', () => {
    expect(validateAddress(draft({ pincode: '' }))).toEqual({});
    expect(validateAddress(draft({ pincode: '   ' }))).toEqual({});
  });

  it('keeps PIN code input to 6 digits', () => {
    expect(pincodeInput('560 034')).toBe('560034');
    expect(pincodeInput('5600341')).toBe('560034');
    expect(pincodeInput('PIN: 400-076')).toBe('400076');
  });
});
