import { describe, expect, it } from 'vitest';

import type { AddressDraft } from './types';
import { mobileInput, validateAddress } from './validation';

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
  ...overrides,
});

describe('validateAddress', () => {
  it('accepts a complete address with the optional fields empty', () => {
    expect(validateAddress(draft())).toEqual({});
  });

  it('gives every spec message at once for an empty form', () => {
    expect(validateAddress(draft({ tag: ' ', buildingName: '', locality: '', name: '', mobile: '123' }))).toEqual({
      tag: 'Tag is required',
      buildingName: 'Please enter your complete address details',
      locality: 'Locality is required',
      name: 'Name is required',
      mobile: 'Please enter a valid 10-digit mobile number',
    });
  });

  it('keeps mobile input to 10 digits', () => {
    expect(mobileInput('+91 98765-43210')).toBe('9198765432');
    expect(mobileInput('98a7')).toBe('987');
  });
});
