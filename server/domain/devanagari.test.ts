import { describe, expect, it } from 'vitest';

import { hasDevanagari, romaniseDevanagari } from './devanagari';
import { normaliseQuery } from './search';

describe('romaniseDevanagari', () => {
  it('writes grocery words the way shoppers type them in Latin letters', () => {
    const words: [string, string][] = [
      ['दूध', 'dudh'],
      ['प्याज', 'pyaj'],
      ['आलू', 'alu'],
      ['टमाटर', 'tamatar'],
      ['पनीर', 'panir'],
      ['दही', 'dahi'],
      ['चीनी', 'chini'],
      ['मक्खन', 'makkhan'],
      ['अंडा', 'anda'],
      ['सेब', 'seb'],
      ['चावल', 'chawal'],
      ['वनस्पति', 'vanaspati'],
      // A consonant's own 'a' is not said between a vowel and a consonant with a vowel.
      ['नमकीन', 'namkin'],
      ['अदरक', 'adrak'],
      ['लहसुन', 'lahsun'],
      ['सरसों', 'sarson'],
      ['शिमला', 'shimla'],
      ['नमक', 'namak'],
      ['मटर', 'matar'],
      ['गाजर', 'gajar'],
      ['करेला', 'karela'],
    ];
    expect(words.map(([hindi]) => romaniseDevanagari(hindi))).toEqual(words.map(([, latin]) => latin));
  });

  it('reads nukta letters in either encoding, nasal marks, digits and the danda', () => {
    expect(romaniseDevanagari('ज़ीरा')).toBe('zira');
    expect(romaniseDevanagari('\u091C\u093C\u0940\u0930\u093E')).toBe('zira');
    expect(romaniseDevanagari('\u095B\u0940\u0930\u093E')).toBe('zira');
    expect(romaniseDevanagari('सौंफ़')).toBe('saunf');
    expect(romaniseDevanagari('दूध १ लीटर।')).toBe('dudh 1 litar ');
  });

  it('leaves other text as it is', () => {
    expect(romaniseDevanagari('Amul दूध 500 ml')).toBe('Amul dudh 500 ml');
    expect(hasDevanagari('Amul milk')).toBe(false);
    expect(hasDevanagari('दूध')).toBe(true);
  });
});

describe('normaliseQuery with Devanagari', () => {
  it('searches Hindi words as their Latin spelling, beside any English', () => {
    expect(normaliseQuery('दूध')).toEqual({ text: 'dudh', words: ['dudh'] });
    expect(normaliseQuery('अमूल दूध')?.words).toEqual(['amul', 'dudh']);
    expect(normaliseQuery('fresh प्याज')?.words).toEqual(['fresh', 'pyaj']);
  });
});
