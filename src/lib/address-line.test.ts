import { describe, expect, it } from 'vitest';

import { addressLine, withPincode } from './address-line';

describe('addressLine', () => {
  it("says 'Floor' once: before a bare floor, not beside a floor typed with the word", () => {
    const line = (floor: string) => addressLine({ buildingName: 'Flat 4', floor, locality: 'Koramangala' });
    expect(line('3')).toBe('Flat 4, Floor 3, Koramangala');
    expect(line('3rd floor')).toBe('Flat 4, 3rd floor, Koramangala');
    expect(line('Ground Floor')).toBe('Flat 4, Ground Floor, Koramangala');
    expect(line('2nd flr')).toBe('Flat 4, 2nd flr, Koramangala');
  });

  it('puts the PIN code after the city', () => {
    expect(addressLine({ buildingName: 'Flat 4', locality: 'Koramangala', city: 'Bengaluru', pincode: '560034' })).toBe(
      'Flat 4, Koramangala, Bengaluru 560034',
    );
  });

  it('puts it before a closing India, and names the city once', () => {
    expect(
      addressLine({
        buildingName: 'Flat 4, Lake View',
        floor: '3',
        nearBy: 'Near Forum Mall',
        locality: 'Koramangala, Bengaluru, Karnataka, India',
        city: 'Bengaluru',
        pincode: '560034',
      }),
    ).toBe('Flat 4, Lake View, Floor 3, Near Forum Mall, Koramangala, Bengaluru, Karnataka 560034, India');
  });

  it('shows none for an address or an old order without one', () => {
    expect(
      addressLine({ buildingName: 'Flat 4', floor: null, nearBy: '', locality: 'Bandra West', city: 'Mumbai' }),
    ).toBe('Flat 4, Bandra West, Mumbai');
    expect(addressLine({ buildingName: 'Flat 4', locality: 'Bandra West', city: 'Mumbai', pincode: null })).toBe(
      'Flat 4, Bandra West, Mumbai',
    );
  });

  it("shows the address's PIN code in place of the one the map's locality carried, never both", () => {
    const locality = 'Koramangala, Bengaluru, Karnataka 560034, India';
    expect(withPincode(locality, '560095')).toBe('Koramangala, Bengaluru, Karnataka 560095, India');
    expect(addressLine({ buildingName: 'Flat 4', locality: 'Koramangala, Bengaluru 560034', pincode: '560095' })).toBe(
      'Flat 4, Koramangala, Bengaluru 560095',
    );
    // A number elsewhere in the text is not a PIN code of the place: left alone.
    expect(withPincode('Plot 110001 Road, Saket, Delhi', '110017')).toBe('Plot 110001 Road, Saket, Delhi 110017');
  });

  it('does not repeat a PIN code the locality already carries', () => {
    expect(withPincode('Koramangala, Bengaluru, Karnataka 560034, India', '560034')).toBe(
      'Koramangala, Bengaluru, Karnataka 560034, India',
    );
  });
});
