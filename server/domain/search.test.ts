import { describe, expect, it } from 'vitest';

import {
  buildSearchPlan,
  chooseCorrections,
  correctionFirstLetters,
  editDistance,
  MAX_QUERY_LENGTH,
  MAX_QUERY_WORDS,
  normaliseQuery,
  parseIdList,
  type WordExpansion,
} from './search';

const known = (extra: Partial<WordExpansion> = {}): WordExpansion => ({
  known: true,
  synonyms: [],
  corrections: [],
  ...extra,
});
const unknown = (extra: Partial<WordExpansion> = {}): WordExpansion => known({ known: false, ...extra });

describe('normaliseQuery', () => {
  it('means no text filter for absent or blank text', () => {
    expect(normaliseQuery(undefined)).toBeNull();
    expect(normaliseQuery('')).toBeNull();
    expect(normaliseQuery('   \t ')).toBeNull();
  });

  it('folds case, accents, apostrophes and punctuation the way product text is folded', () => {
    expect(normaliseQuery("  LAY'S   Chips!! ")).toEqual({ text: 'lays chips', words: ['lays', 'chips'] });
    expect(normaliseQuery('Kellogg’s Corn-Flakes')).toEqual({
      text: 'kelloggs corn flakes',
      words: ['kelloggs', 'corn', 'flakes'],
    });
    expect(normaliseQuery('Café crème')?.words).toEqual(['cafe', 'creme']);
  });

  it('writes a pack size as the catalogue does: the number, a space, the unit', () => {
    expect(normaliseQuery('Amul milk 1L')?.words).toEqual(['amul', 'milk', '1', 'l']);
    expect(normaliseQuery('amul milk 1 ltr')?.text).toBe('amul milk 1 l');
    expect(normaliseQuery('atta 5kg')?.text).toBe('atta 5 kg');
    expect(normaliseQuery('butter 500gm')?.text).toBe('butter 500 g');
    expect(normaliseQuery('eggs 6pcs')?.text).toBe('eggs 6 pc');
    expect(normaliseQuery('kiwi 3 pieces')?.text).toBe('kiwi 3 pieces');
    expect(normaliseQuery('curd 400 grams')?.text).toBe('curd 400 g');
    // Not a pack size: a name with digits in it, a unit with no number before it.
    expect(normaliseQuery('7up 2l')?.text).toBe('7up 2 l');
    expect(normaliseQuery('gms kg')?.text).toBe('gms kg');
  });

  it('keeps nothing of query syntax or SQL', () => {
    expect(normaliseQuery("'; drop table products; --")?.words).toEqual(['drop', 'table', 'products']);
    expect(normaliseQuery('tom:* & !milk | (b)')?.words).toEqual(['tom', 'milk', 'b']);
    for (const word of normaliseQuery('x\'"\\:*&|!()<>%_-')?.words ?? []) expect(word).toMatch(/^[a-z0-9]+$/);
  });

  it('gives no words (matches nothing) for text with nothing searchable in it', () => {
    expect(normaliseQuery('%_\\')).toEqual({ text: '', words: [] });
    expect(normaliseQuery('ஆலு')).toEqual({ text: '', words: [] });
  });

  it('drops stop words unless they are all there is, and repeated words', () => {
    expect(normaliseQuery('head and shoulders')?.words).toEqual(['head', 'shoulders']);
    expect(normaliseQuery('the')?.words).toEqual(['the']);
    expect(normaliseQuery('milk milk')?.words).toEqual(['milk']);
  });

  it('limits length and word count', () => {
    const long = normaliseQuery('a'.repeat(500));
    expect(long?.text.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    const many = normaliseQuery(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '));
    expect(many?.words).toHaveLength(MAX_QUERY_WORDS);
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and adjacent swaps as one edit each', () => {
    expect(editDistance('tomato', 'tomato')).toBe(0);
    expect(editDistance('tomatoe', 'tomato')).toBe(1);
    expect(editDistance('bananna', 'banana')).toBe(1);
    expect(editDistance('panner', 'paneer')).toBe(1);
    expect(editDistance('panner', 'panna')).toBe(2);
    expect(editDistance('mlik', 'milk')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('chooseCorrections', () => {
  it('keeps the candidates fewest edits away', () => {
    expect(chooseCorrections('panner', ['panna', 'paneer', 'pani', 'panir', 'paper'])).toEqual(['paneer']);
    expect(chooseCorrections('biscut', ['biscuit', 'biscuits', 'biskut', 'bisi'])).toEqual(['biscuit', 'biskut']);
  });

  it('drops candidates too far away for the word length, and anything that is not a word', () => {
    expect(chooseCorrections('bananna', ['band'])).toEqual([]);
    expect(chooseCorrections('coffe', ['coffee', "cof'fee", 'COFFEE'])).toEqual(['coffee']);
    expect(chooseCorrections('milk', ['milk'])).toEqual([]);
  });

  it('keeps only candidates that begin with the same letter, or one that sounds alike', () => {
    expect(chooseCorrections('diaper', ['paper', 'diapers'])).toEqual(['diapers']);
    expect(chooseCorrections('diaper', ['paper', 'viper'])).toEqual([]);
    expect(chooseCorrections('catchup', ['ketchup'])).toEqual(['ketchup']);
    expect(chooseCorrections('kashew', ['cashew'])).toEqual(['cashew']);
    expect(chooseCorrections('zeera', ['jeera'])).toEqual(['jeera']);
  });
});

describe('correctionFirstLetters', () => {
  it("is the word's first letter and those spelled alike by sound", () => {
    expect(correctionFirstLetters('diaper')).toBe('d');
    expect(correctionFirstLetters('catchup')).toBe('ckqs');
    expect(correctionFirstLetters('kashew')).toBe('kcq');
    expect(correctionFirstLetters('sereal')).toBe('scz');
    expect(correctionFirstLetters('zeera')).toBe('zsj');
    expect(correctionFirstLetters('wada')).toBe('wv');
  });
});

describe('buildSearchPlan', () => {
  it('matches each word as typed, as a prefix, by synonym and by correction, all words required', () => {
    const plan = buildSearchPlan(
      normaliseQuery('aloo tomatoe')!,
      new Map([
        ['aloo', known({ synonyms: ['potato'] })],
        ['tomatoe', unknown({ corrections: ['tomato', 'tomcat'] })],
      ]),
    );
    expect(plan.match).toBe("('aloo':* | 'potato') & ('tomatoe':* | 'tomato':*)");
  });

  it('says what finds the words as typed when one may be a typo: that one only as a whole word', () => {
    const plan = buildSearchPlan(
      normaliseQuery('tom tomatoe')!,
      new Map([
        ['tom', unknown()],
        ['tomatoe', unknown({ corrections: ['tomato'] })],
      ]),
    );
    expect(plan.match).toBe("'tom':* & ('tomatoe':* | 'tomato':*)");
    // 'tom' has nothing to be corrected to: still a prefix ('tom' finds tomatoes).
    expect(plan.asTyped).toBe("'tom':* & 'tomatoe'");
    expect(buildSearchPlan(normaliseQuery('milk')!, new Map([['milk', known()]])).asTyped).toBeUndefined();
  });

  it('writes the query with its likeliest corrections, stop words and sure words kept as typed', () => {
    const plan = buildSearchPlan(
      normaliseQuery('Bread and Buter')!,
      new Map([
        ['bread', known()],
        ['buter', unknown({ corrections: ['butter', 'bute'] })],
      ]),
    );
    expect(plan.corrected).toBe('bread and butter');
    expect(buildSearchPlan(normaliseQuery('bread')!, new Map([['bread', known()]])).corrected).toBeUndefined();
  });

  it("falls back to any word in 'any' mode", () => {
    const plan = buildSearchPlan(normaliseQuery('amul xyz')!, new Map([['amul', known()]]), 'any');
    expect(plan.match).toBe("'amul':* | 'xyz':*");
  });

  it('does not match single letters as prefixes', () => {
    expect(buildSearchPlan(normaliseQuery('a')!, new Map()).match).toBe("'a'");
  });

  it('ranks by tiers worth less as the match gets looser', () => {
    const plan = buildSearchPlan(normaliseQuery('milk')!, new Map([['milk', known()]]));
    expect(plan.tiers).toEqual([
      { query: "'milk':A", points: 40, within: 1 },
      { query: "'milk':*A", points: 15 },
      { query: "'milk':*B", points: 12 },
      { query: "'milk':*C", points: 12 },
    ]);
    expect(plan.exact).toEqual([{ keys: ['milk'], points: 100 }]);
    expect(plan.categoryKeys).toEqual(['milk']);
  });

  it('treats synonyms as the same word, for exact keys too', () => {
    const plan = buildSearchPlan(
      normaliseQuery('amul doodh')!,
      new Map([
        ['amul', known()],
        ['doodh', known({ synonyms: ['milk'] })],
      ]),
    );
    expect(plan.tiers[0]).toEqual({ query: "'amul':A & ('doodh':A | 'milk':A)", points: 40, within: 1 });
    expect(plan.exact).toEqual([
      { keys: ['amul doodh'], points: 100 },
      { keys: ['amul milk'], points: 80 },
    ]);
  });

  it('skips whole-word and exact tests that an unknown word can never pass', () => {
    const plan = buildSearchPlan(normaliseQuery('coffe')!, new Map([['coffe', unknown({ corrections: ['coffee'] })]]));
    expect(plan.exact).toEqual([]);
    expect(plan.tiers.map((t) => t.query)).toEqual([
      "'coffe':*A",
      "'coffe':*B",
      "'coffe':*C",
      "('coffe':*A | 'coffee':*A)",
      "('coffe':*AB | 'coffee':*AB)",
    ]);
  });

  it('nests each tier within a broader one that every product matching it matches too', () => {
    const plan = buildSearchPlan(
      normaliseQuery('amul biscut')!,
      new Map([
        ['amul', known({ synonyms: ['amool'] })],
        ['biscut', unknown({ corrections: ['biscuit'] })],
      ]),
    );
    expect(plan.tiers.map((t) => [t.points, t.within])).toEqual([
      [15, 3],
      [12, 4],
      [12, undefined],
      [8, 4],
      [4, undefined],
    ]);
    // Narrower: every term of the nested query is a term of the broader one, or the same word
    // whole where the broader has it as a prefix, with the same weights or fewer.
    const terms = (query: string) => query.match(/'[a-z0-9]+'(:\*?[A-D]*)?/g) ?? [];
    const covers = (broad: string, narrow: string) => {
      const [bWord, bLabel = ''] = broad.split(':');
      const [nWord, nLabel = ''] = narrow.split(':');
      const weights = (label: string) => label.replace('*', '') || 'ABCD';
      return (
        bWord === nWord &&
        (bLabel.includes('*') || !nLabel.includes('*')) &&
        [...weights(nLabel)].every((w) => weights(bLabel).includes(w))
      );
    };
    for (const tier of plan.tiers) {
      if (tier.within === undefined) continue;
      const broad = terms(plan.tiers[tier.within]!.query);
      for (const term of terms(tier.query))
        expect(
          broad.some((b) => covers(b, term)),
          `${term} in ${tier.within}`,
        ).toBe(true);
    }
  });

  it('never puts anything but folded words in a query', () => {
    const plan = buildSearchPlan(
      normaliseQuery('milk')!,
      new Map([['milk', known({ synonyms: ["x' | 'y", 'dudh'], corrections: ['m:*'] })]]),
    );
    for (const text of [plan.match, ...plan.tiers.map((t) => t.query)]) {
      expect(text.replace(/'[a-z0-9]+'(:\*?[A-D]*)?/g, '').replace(/[()|& ]/g, '')).toBe('');
    }
  });

  it('refuses a query without words', () => {
    expect(() => buildSearchPlan({ text: '', words: [] }, new Map())).toThrow();
  });
});

describe('parseIdList', () => {
  it('reads positive ids once each, in order', () => {
    expect(parseIdList('3,1,3,2')).toEqual([3, 1, 2]);
    expect(parseIdList('0,5')).toEqual([5]);
  });
});
