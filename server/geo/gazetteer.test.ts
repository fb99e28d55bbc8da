import { describe, expect, it } from 'vitest';

import { Gazetteer, loadGazetteer } from './gazetteer';
import {
  cleanLocalityName,
  decodeGazetteerData,
  encodeGazetteerData,
  isInIndia,
  type GazetteerData,
} from './gazetteer-data';

/**
 * The gazetteer's index on a small hand-made data set (every field known), then a few checks on
 * the real one. The API tests (tests/integration/places.test.ts) cover what shoppers see.
 */
function tinyData(): GazetteerData {
  // Localities 0-4; cities 5 (Bengaluru, also "bangalore") and 6 (Mysuru).
  const localityNames = ['Koramangala', 'Koramangala I Block', 'Agara', 'Indiranagar', 'Indira Nagar'];
  const cityNames = ['Bengaluru', 'Mysuru'];
  const entries = new Map<string, number[]>();
  const add = (token: string, entry: number) => entries.set(token, [...(entries.get(token) ?? []), entry]);
  [...localityNames, ...cityNames].forEach((name, entry) => {
    const key = name.toLowerCase();
    for (const token of new Set([...key.split(' '), key, key.replace(/ /g, '')])) add(token, entry);
  });
  add('bangalore', 5);
  const tokens = [...entries.keys()].sort();
  const postingStart = new Uint32Array(tokens.length + 1);
  const postings: number[] = [];
  tokens.forEach((token, t) => {
    postingStart[t] = postings.length;
    postings.push(...[...new Set(entries.get(token))]);
  });
  postingStart[tokens.length] = postings.length;
  return {
    sources: { test: '1' },
    states: ['', 'Karnataka', 'Uttar Pradesh'],
    districts: ['Bangalore', 'Lucknow'],
    // PIN codes 226016 (Lucknow), 560034 (Koramangala), 560038 (Indiranagar).
    pins: Uint32Array.from([226016, 560034, 560038]),
    pinLat: Int32Array.from([2689157, 1292614, 1297835]),
    pinLng: Int32Array.from([8099263, 7762211, 7764079]),
    pinCity: Int32Array.from([-1, 0, 0]),
    pinMain: Uint32Array.from([4, 0, 3]),
    localityNames,
    localityPin: Uint16Array.from([1, 1, 1, 2, 0]),
    localityDistrict: Uint16Array.from([0, 0, 0, 0, 1]),
    localityState: Uint8Array.from([1, 1, 1, 1, 2]),
    cityNames,
    cityLat: Int32Array.from([1297194, 1229791]),
    cityLng: Int32Array.from([7759369, 7669925]),
    cityState: Uint8Array.from([1, 1]),
    cityPopulation: Uint32Array.from([8_443_675, 868_313]),
    cityGeonameId: Uint32Array.from([1277333, 1262321]),
    cityPin: Uint16Array.from([2, 2]),
    cityAliases: { 0: ['bangalore'] },
    tokens,
    postingStart,
    postings: Uint32Array.from(postings),
  };
}

describe('the gazetteer index (a small data set)', () => {
  const gazetteer = new Gazetteer(decodeGazetteerData(encodeGazetteerData(tinyData())));

  it('survives its file format: what is encoded decodes the same', () => {
    const data = tinyData();
    const decoded = decodeGazetteerData(encodeGazetteerData(data));
    expect(decoded.localityNames).toEqual(data.localityNames);
    expect([...decoded.pins]).toEqual([...data.pins]);
    expect([...decoded.postings]).toEqual([...data.postings]);
    expect(decoded.cityAliases).toEqual(data.cityAliases);
    // Decoding from a view at an odd offset (a Buffer from a pool) copies instead of misreading.
    const bytes = encodeGazetteerData(data);
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect([...decodeGazetteerData(shifted.subarray(1)).pinLat]).toEqual([...data.pinLat]);
    expect(() => decodeGazetteerData(new Uint8Array(16))).toThrow(/not a gazetteer file/);
  });

  it('finds a locality by prefix, whole name first, with its PIN code, district, city and state', () => {
    const [first, second] = gazetteer.search('koram');
    expect(first).toMatchObject({
      mainText: 'Koramangala',
      locality: 'Koramangala',
      pincode: '560034',
      district: 'Bangalore',
      city: 'Bengaluru',
      state: 'Karnataka',
      secondaryText: 'Bengaluru, Karnataka 560034, India',
      text: 'Koramangala, Bengaluru, Karnataka 560034, India',
    });
    expect(second!.mainText).toBe('Koramangala I Block');
  });

  it('finds a city by its former name, and a name written with or without its space', () => {
    expect(gazetteer.search('Bangalore')[0]).toMatchObject({ mainText: 'Bengaluru', locality: '' });
    expect(gazetteer.findCity('BANGALORE')?.city).toBe('Bengaluru');
    expect(gazetteer.search('indiranagar').map((p) => p.mainText)).toEqual(['Indiranagar', 'Indira Nagar']);
  });

  it("ranks bigger places first, and the map centre's city before them", () => {
    expect(gazetteer.search('indira')[0]!.pincode).toBe('560038');
    expect(gazetteer.search('indira', { lat: 26.85, lng: 80.95 })[0]!.pincode).toBe('226016');
  });

  it('forgives a typo or two, by the length of the word', () => {
    expect(gazetteer.search('koramangla')[0]!.mainText).toBe('Koramangala');
    expect(gazetteer.search('kormaangala')[0]!.mainText).toBe('Koramangala');
    expect(gazetteer.search('indranagar')[0]!.mainText).toBe('Indiranagar');
    // Three letters: no typo allowed, so no guess.
    expect(gazetteer.search('agr')).toEqual([]);
  });

  it("lists a PIN code's localities, its own first, and PIN codes by their first digits", () => {
    expect(gazetteer.search('560034').map((p) => p.mainText)).toEqual(['Koramangala', 'Koramangala I Block', 'Agara']);
    expect(gazetteer.search('5600').map((p) => p.pincode)).toEqual(['560034', '560038']);
    expect(gazetteer.search('999999')).toEqual([]);
  });

  it("reverse geocodes to the nearest PIN code's own locality, and nothing far from all", async () => {
    expect(await gazetteer.reverse(12.9352, 77.6245)).toMatchObject({
      area: 'Koramangala',
      pincode: '560034',
      district: 'Bangalore',
      city: 'Bengaluru',
      name: 'Koramangala, Bengaluru, Karnataka 560034, India',
      lat: 12.9352,
      lng: 77.6245,
    });
    expect(await gazetteer.reverse(20, 65)).toBeNull();
  });

  it('resolves its own ids, and nothing else', () => {
    const [place] = gazetteer.search('Mysore');
    expect(place!.id).toBe('gz-c1262321');
    expect(gazetteer.byId(place!.id)).toEqual(place);
    expect(gazetteer.byId(gazetteer.search('agara')[0]!.id)?.mainText).toBe('Agara');
    expect(gazetteer.byId('gz-l999')).toBeNull();
    expect(gazetteer.byId('gz-c1')).toBeNull();
    expect(gazetteer.byId('ChIJ-anything')).toBeNull();
  });
});

describe("India Post's names as shoppers read them", () => {
  it.each([
    ['Koramangala VI Bk S.O', 'Koramangala VI Bk'],
    ['Whitefield B.O', 'Whitefield'],
    ['Indiranagar S.O (Bangalore)', 'Indiranagar'],
    ['Bandra(East)', 'Bandra East'],
    ['Powai Iit', 'Powai IIT'],
    ['New Delhi ', 'New Delhi'],
    ['Ahulana (Gannur)', 'Ahulana (Gannur)'],
  ])('%s -> %s', (raw, clean) => {
    expect(cleanLocalityName(raw, new Set(['bangalore']))).toBe(clean);
  });
});

describe('the full data', () => {
  it('holds every PIN code area of India with coordinates', async () => {
    const gazetteer = await loadGazetteer();
    expect(gazetteer.size.localities).toBeGreaterThan(150_000);
    expect(gazetteer.size.pincodes).toBeGreaterThan(18_900);
    expect(gazetteer.size.cities).toBeGreaterThan(3000);
    const [place] = gazetteer.search('110001');
    expect(place).toMatchObject({ pincode: '110001', state: 'Delhi' });
  });

  it('places no PIN code outside India: a point at 0,0 in the source data is not a place', async () => {
    const gazetteer = await loadGazetteer();
    // The source lists Udhampur's PIN codes (1821xx) at 0,0; they take their district's point.
    expect(await gazetteer.reverse(0, 0)).toBeNull();
    const [udhampur] = gazetteer.search('182101');
    expect(udhampur).toMatchObject({ pincode: '182101' });
    expect(isInIndia(udhampur!.lat, udhampur!.lng)).toBe(true);
    expect(isInIndia(0, 0)).toBe(false);
  });
});
