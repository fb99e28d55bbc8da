import { hasDevanagari, romaniseDevanagari } from './devanagari';

/**
 * Product search, the pure part: how a shopper's text becomes words, and how those words (with
 * their synonyms and spelling corrections, looked up in the database) become the PostgreSQL text
 * search queries that find and rank products. Nothing here touches the database.
 *
 * Every word that reaches a query is [a-z0-9]+ (see `isWord`), so the tsquery texts built here
 * cannot carry tsquery syntax from the shopper; they are still sent as bind parameters.
 */

/** Longest query text we look at, in characters; the rest is ignored. */
export const MAX_QUERY_LENGTH = 100;
/** Most words of a query we look at. */
export const MAX_QUERY_WORDS = 8;
/** Shortest word that also matches as a prefix ('to' finds 'tomato'); a single letter does not. */
export const MIN_PREFIX_LENGTH = 2;
/** Shortest word we try to correct; trigram similarity of shorter words is mostly noise. */
export const MIN_CORRECTION_LENGTH = 4;
/** Catalogue words spelled like a query word (trigram similarity) that are weighed as corrections. */
export const CORRECTION_CANDIDATES = 10;

/** Words that carry no meaning in a product search, dropped unless they are all there is. */
const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'for', 'with', 'in', 'n']);

const WORD = /^[a-z0-9]+$/;
export const isWord = (text: string): boolean => WORD.test(text);

export interface NormalisedQuery {
  /** The folded text, words separated by single spaces (stop words kept). */
  text: string;
  /** The words to search for (stop words dropped), at most MAX_QUERY_WORDS, no duplicates. */
  words: string[];
}

/** Units as shoppers spell them after a number, as pack sizes write them ('1 L', '500 g', '1 pc'). */
const UNIT_SPELLINGS: Record<string, string> = {
  ltr: 'l',
  ltrs: 'l',
  litre: 'l',
  litres: 'l',
  liter: 'l',
  liters: 'l',
  gm: 'g',
  gms: 'g',
  gram: 'g',
  grams: 'g',
  kgs: 'kg',
  kilo: 'kg',
  mls: 'ml',
  // The catalogue writes both '1 pc' and '6 pcs': 'pc' also finds 'pcs' as a prefix. ('pieces' is
  // left as typed: descriptions say '2-3 pieces', which 'pc' would not find.)
  pcs: 'pc',
};
/** A number and its unit, together ('1l', '500ml') or apart ('1 ltr'): a pack size. */
const PACK_SIZE = /\b(\d+) ?(ml|mls|l|ltrs?|litres?|liters?|g|gms?|grams?|kgs?|kilo|pcs?)\b/g;

/**
 * Folds search text the way the database folds product text (migration 0002): accents removed,
 * apostrophes dropped (Lay's -> lays), lower case, anything else but a-z and 0-9 a word break.
 * Hindi in Devanagari is first written in Latin letters as shoppers type it (दूध -> dudh). A pack
 * size is written as the catalogue writes it: '1l' and '1 ltr' -> '1 l', '500gm' -> '500 g', and
 * '6pcs' -> '6 pc', which finds the catalogue's '6 pcs' too.
 * Returns null when there is nothing to search for (absent or blank): no text filter at all.
 * Text with no usable word in it ('%_\', a script we do not index) gives `words: []`, which
 * matches nothing.
 */
export function normaliseQuery(raw: string | undefined | null): NormalisedQuery | null {
  if (raw === undefined || raw === null || raw.trim() === '') return null;
  const cut = raw.slice(0, MAX_QUERY_LENGTH * 2);
  const text = (hasDevanagari(cut) ? romaniseDevanagari(cut) : cut)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['\u2018\u2019`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(PACK_SIZE, (_, amount: string, unit: string) => `${amount} ${UNIT_SPELLINGS[unit] ?? unit}`)
    .trim()
    .slice(0, MAX_QUERY_LENGTH)
    .trim();
  const all = text === '' ? [] : text.split(' ');
  const meaningful = all.filter((word) => !STOP_WORDS.has(word));
  const words = [...new Set(meaningful.length > 0 ? meaningful : all)].slice(0, MAX_QUERY_WORDS);
  return { text, words };
}

/** What the database knows about one query word. */
export interface WordExpansion {
  /**
   * The word itself occurs in some product's name, aliases, brand or category names (it is in
   * search_words). An unknown word can still be a prefix, a description word or a typo.
   */
  known: boolean;
  /** Words meaning the same (search_synonyms): doodh -> milk. */
  synonyms: string[];
  /** Catalogue words spelled like it (empty when the word itself is known); see chooseCorrections. */
  corrections: string[];
}

/**
 * Edit distance counting an adjacent swap as one edit (optimal string alignment), so that
 * 'panner' is 1 from 'paneer' but 2 from 'panna'.
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** Edits a word of this length may be away from a correction: 1 up to 5 letters, then 2, then 3. */
export const allowedEdits = (length: number): number => (length <= 5 ? 1 : length <= 8 ? 2 : 3);

/**
 * First letters that spelling by sound mixes up (catchup for ketchup, kashew for cashew, zeera for
 * jeera, wada for vada): a correction may begin with any letter of its word's group.
 */
const FIRST_SOUNDS = ['ckq', 'cs', 'sz', 'jz', 'vw'];

/**
 * The first letters a correction of `word` may begin with: its own, and those that sound alike.
 * A slip of the finger rarely hits the first letter: without this, 'diaper' became 'paper'.
 */
export function correctionFirstLetters(word: string): string {
  const first = word[0] ?? '';
  return [...new Set([first, ...FIRST_SOUNDS.filter((group) => group.includes(first)).join('')])].join('');
}

/**
 * From the catalogue words the trigram index found spelled like `word`, the ones it most likely
 * meant: those at the smallest edit distance, if that distance is small enough for its length,
 * and that begin with the same letter or one that sounds alike (correctionFirstLetters; the
 * lookup asks only for those). Trigrams find candidates fast; edit distance tells 'paneer'
 * (1 edit from 'panner') from 'panna' (2 edits), which trigram similarity ranks the other way round.
 */
export function chooseCorrections(word: string, candidates: readonly string[]): string[] {
  const firsts = correctionFirstLetters(word);
  const scored = candidates
    .filter((candidate) => isWord(candidate) && candidate !== word && firsts.includes(candidate[0] ?? ''))
    .map((candidate) => ({ candidate, edits: editDistance(word, candidate) }))
    .filter(({ edits }) => edits <= allowedEdits(word.length));
  if (scored.length === 0) return [];
  const best = Math.min(...scored.map(({ edits }) => edits));
  return scored.filter(({ edits }) => edits === best).map(({ candidate }) => candidate);
}

/** The text search queries (tsquery text for to_tsquery('simple', ...)) and keys of one search. */
export interface SearchPlan {
  /** Finds the products: every word, as typed, as a prefix, a synonym or a correction. */
  match: string;
  /**
   * When a word may be a typo (`match` also finds what it may have meant): what finds the words as
   * typed, which is used instead of `match` if it finds anything (decision 005). In it a word that
   * has corrections matches only as a whole word: as the start of another it is what a typo looks
   * like ('magi' begins 'magic', and meant Maggi).
   */
  asTyped?: string;
  /**
   * With `asTyped`: the query's folded text with each word that may be a typo swapped for its
   * likeliest correction ('tomatto sauce' -> 'tomato sauce'), for saying what the results are
   * for when nothing matched as typed.
   */
  corrected?: string;
  /**
   * Ranking tiers, each a tsquery; a product gains the tier's points when it matches. `within`:
   * the index of a broader tier that every product matching this one also matches (a whole word
   * in the name is also a name prefix), so the test is skipped for products that broader tier
   * ruled out; the points are the same.
   */
  tiers: { query: string; points: number; within?: number }[];
  /**
   * Folded texts that count as an exact match of a product's name, name without brand or one
   * alias, strongest first: the query as typed, then with words swapped for synonyms ('gobi' is
   * exactly an alias of Cauliflower; 'cabbage', a synonym of it, only exactly a name). A product
   * gets the points of the first group it matches. Empty when nothing can match exactly.
   */
  exact: { keys: string[]; points: number }[];
  /**
   * Words of the query (and synonyms) that, as one part of a sub-category's name ('milk' for
   * 'Milk', 'curd' for 'Curd & Yogurt'), earn its products `categoryExactPoints`.
   */
  categoryKeys: string[];
  categoryExactPoints: number;
}

/** 'all': every word must match (the normal search). 'any': one is enough (the fallback). */
export type MatchMode = 'all' | 'any';

/**
 * Points per tier. The tiers nest (a whole word in the name is also a prefix of it), so points add
 * up to: exact name or alias > whole words in the name > prefixes of name words > words or
 * prefixes in aliases or brand > spelling corrections (in the name, then in aliases or brand) >
 * anything else that matched (category or description only). The category bonuses put first,
 * among products matching alike, those whose own category is what was asked for: 'milk' lists the
 * milk packets above Milk Bikis biscuits and Kool Kesar flavoured milk.
 */
export const POINTS = {
  exact: 100,
  synonymExact: 80,
  nameWords: 40,
  namePrefix: 15,
  alias: 12,
  category: 12,
  categoryExact: 20,
  correctedName: 8,
  corrected: 4,
} as const;

function term(word: string, { prefix = false, weights = '' } = {}): string {
  const label = `${prefix ? '*' : ''}${weights}`;
  return `'${word}'${label ? `:${label}` : ''}`;
}

const anyOf = (terms: string[]): string => (terms.length === 1 ? terms[0]! : `(${terms.join(' | ')})`);

function combine(groups: string[], mode: MatchMode): string {
  return groups.length === 1 ? groups[0]! : groups.join(mode === 'all' ? ' & ' : ' | ');
}

const canPrefix = (word: string) => word.length >= MIN_PREFIX_LENGTH;

/**
 * Builds the queries for the words of `query`, given what the database knows about each word.
 * Throws when the query has no words: callers answer "no results" without asking the database.
 */
export function buildSearchPlan(
  query: NormalisedQuery,
  expansions: ReadonlyMap<string, WordExpansion>,
  mode: MatchMode = 'all',
): SearchPlan {
  if (query.words.length === 0) throw new Error('a search plan needs at least one word');
  const parts = query.words.map((word) => {
    const expansion = expansions.get(word);
    const synonyms = (expansion?.synonyms ?? []).filter((s) => isWord(s) && s !== word);
    const corrections = chooseCorrections(word, expansion?.corrections ?? []).filter((c) => !synonyms.includes(c));
    // Whole words that can occur in a name, alias, brand or category name: an unknown word
    // cannot, so tests for it are left out rather than run against every product for nothing.
    const whole = [...(expansion?.known ? [word] : []), ...synonyms];
    return { word, whole, synonyms, corrections };
  });
  type Part = (typeof parts)[number];

  const build = (pick: (part: Part) => string[], join: MatchMode = mode) =>
    combine(
      parts.map((part) => anyOf(pick(part))),
      join,
    );

  /** A query of whole words only; undefined when it cannot match ('all' and a word has none). */
  const buildWhole = (weights: string): string | undefined => {
    const usable = parts.filter((part) => part.whole.length > 0);
    if (usable.length === 0 || (mode === 'all' && usable.length < parts.length)) return undefined;
    return combine(
      usable.map((part) => anyOf(part.whole.map((w) => term(w, { weights })))),
      mode,
    );
  };

  const typed = (part: Part, weights: string, prefix = canPrefix(part.word)) => [
    term(part.word, { prefix, weights }),
    ...part.synonyms.map((w) => term(w, { weights })),
  ];

  const corrected = (part: Part, weights: string) => [
    ...typed(part, weights),
    // A correction is a prefix too: 'biscut' -> 'biscuit' should find 'Biscuits'.
    ...part.corrections.map((c) => term(c, { prefix: true, weights })),
  ];

  // Each tier is one more test of every matching product, so there are few of them.
  const tiers: SearchPlan['tiers'] = [];
  const nameWords = buildWhole('A');
  // Each nested query narrows the broader one (the same words or fewer, the same weights or fewer,
  // a whole word where the broader has a prefix): nameWords within namePrefix, within
  // correctedName, within corrected; alias within corrected.
  const namePrefix: SearchPlan['tiers'][number] = {
    query: build((part) => typed(part, 'A')),
    points: POINTS.namePrefix,
  };
  const alias: SearchPlan['tiers'][number] = { query: build((part) => typed(part, 'B')), points: POINTS.alias };
  if (nameWords) tiers.push({ query: nameWords, points: POINTS.nameWords, within: 1 });
  tiers.push(namePrefix, alias);
  // Any one word naming the category is enough: 'amul milk' is still a search for milk.
  tiers.push({ query: build((part) => typed(part, 'C'), 'any'), points: POINTS.category });
  if (parts.some((part) => part.corrections.length > 0)) {
    const correctedName = tiers.length;
    const correctedAny = correctedName + 1;
    namePrefix.within = correctedName;
    alias.within = correctedAny;
    tiers.push({ query: build((part) => corrected(part, 'A')), points: POINTS.correctedName, within: correctedAny });
    tiers.push({ query: build((part) => corrected(part, 'AB')), points: POINTS.corrected });
  }

  return {
    match: build((part) => corrected(part, '')),
    ...(parts.some((part) => part.corrections.length > 0) && {
      asTyped: build((part) => typed(part, '', part.corrections.length === 0 && canPrefix(part.word))),
      corrected: query.text
        .split(' ')
        .map((word) => parts.find((part) => part.word === word)?.corrections[0] ?? word)
        .join(' '),
    }),
    tiers,
    exact: exactKeys(query, parts),
    categoryKeys: [...new Set(parts.flatMap((part) => part.whole))],
    categoryExactPoints: POINTS.categoryExact,
  };
}

/**
 * The query as typed (with and without stop words), then the query with words swapped for their
 * synonyms. A group is left out when one of its words can be in no name or alias.
 */
function exactKeys(
  query: NormalisedQuery,
  parts: { word: string; whole: string[]; synonyms: string[] }[],
): SearchPlan['exact'] {
  const groups: SearchPlan['exact'] = [];
  const typed = new Set([query.text, query.words.join(' ')]);
  if (parts.every((part) => part.whole[0] === part.word)) {
    groups.push({ keys: [...typed], points: POINTS.exact });
  }
  if (parts.every((part) => part.whole.length > 0) && parts.some((part) => part.synonyms.length > 0)) {
    let variants = [[] as string[]];
    for (const part of parts) {
      variants = variants.flatMap((prefix) => part.whole.map((w) => [...prefix, w])).slice(0, 16);
    }
    const keys = variants.map((variant) => variant.join(' ')).filter((key) => !typed.has(key));
    if (keys.length > 0) groups.push({ keys, points: POINTS.synonymExact });
  }
  return groups;
}

/** The ids of an `ids` query parameter ('3,1,3'), without duplicates, in the order given. */
export function parseIdList(text: string): number[] {
  const ids = text
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
  return [...new Set(ids)];
}
