/**
 * Hindi (Devanagari) search words written the way shoppers type them in Latin letters, so that
 * 'दूध' searches as 'dudh' and 'प्याज' as 'pyaj', words the search's Hinglish synonyms and aliases
 * already know (decision 058). A plain letter-by-letter reading, the one phone keyboards' Hinglish
 * suggestions follow: long and short vowels alike (ī and i are both 'i'), a consonant's own 'a'
 * dropped at the end of a word and before a virama, nasal marks as 'n', and व as 'v' starting a
 * word but 'w' inside one.
 */

const CONSONANTS: Record<string, string> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'n',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ञ: 'n',
  ट: 't',
  ठ: 'th',
  ड: 'd',
  ढ: 'dh',
  ण: 'n',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  प: 'p',
  फ: 'ph',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ल: 'l',
  व: 'v',
  श: 'sh',
  ष: 'sh',
  स: 's',
  ह: 'h',
  ळ: 'l',
  // With a nukta, as one character or (after NFC) as the letter and U+093C.
  क़: 'k',
  ख़: 'kh',
  ग़: 'g',
  ज़: 'z',
  ड़: 'r',
  ढ़: 'rh',
  फ़: 'f',
  य़: 'y',
};
const NUKTA_FORMS: Record<string, string> = { ज: 'z', ड: 'r', ढ: 'rh', फ: 'f', क: 'k', ख: 'kh', ग: 'g' };

const VOWELS: Record<string, string> = {
  अ: 'a',
  आ: 'a',
  इ: 'i',
  ई: 'i',
  उ: 'u',
  ऊ: 'u',
  ऋ: 'ri',
  ए: 'e',
  ऐ: 'ai',
  ओ: 'o',
  औ: 'au',
  ऑ: 'o',
};
const VOWEL_SIGNS: Record<string, string> = {
  'ा': 'a',
  'ि': 'i',
  'ी': 'i',
  'ु': 'u',
  'ू': 'u',
  'ृ': 'ri',
  'े': 'e',
  'ै': 'ai',
  'ो': 'o',
  'ौ': 'au',
  'ॉ': 'o',
};
const VIRAMA = '्';
const NUKTA = '़';
const NASALS = new Set(['ं', 'ँ']);
const VISARGA = 'ः';

/** True when the text has a Devanagari letter in it. */
export const hasDevanagari = (text: string) => /[\u0900-\u097F]/.test(text);

/** The text with each Devanagari run written in Latin letters; anything else is left as it is. */
export function romaniseDevanagari(text: string): string {
  const chars = [...text.normalize('NFC')];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    let consonant = CONSONANTS[char];
    if (consonant !== undefined) {
      if (chars[i + 1] === NUKTA) {
        consonant = NUKTA_FORMS[char] ?? consonant;
        i++;
      }
      // व is typed 'v' starting a word (vanaspati) and 'w' inside one (chawal, halwa).
      if (char === 'व' && /[a-z]$/.test(out)) consonant = 'w';
      out += consonant;
      const next = chars[i + 1];
      if (next !== undefined && VOWEL_SIGNS[next] !== undefined) {
        out += VOWEL_SIGNS[next];
        i++;
      } else if (next === VIRAMA) {
        i++;
      } else if (next !== undefined && (CONSONANTS[next] !== undefined || NASALS.has(next))) {
        // The consonant's own 'a', kept inside a word; at its end it is not said.
        out += 'a';
      }
      continue;
    }
    if (VOWELS[char] !== undefined) out += VOWELS[char];
    else if (NASALS.has(char)) out += 'n';
    else if (char === VISARGA) out += 'h';
    else if (char >= '०' && char <= '९') out += String(char.charCodeAt(0) - 0x0966);
    else if (char === '।' || char === '॥') out += ' ';
    else if (VOWEL_SIGNS[char] !== undefined || char === VIRAMA || char === NUKTA) continue;
    else out += char;
  }
  return out;
}
