/**
 * Words shoppers type (mostly romanised Hindi and other Indian languages, some alternative English
 * spellings) and the catalogue words they mean. Each side is one folded word (a-z, 0-9): search
 * expands a typed word with its synonyms, so 'pyaz' finds 'Onion' even on products that carry no
 * alias for it. Product aliases cover product-specific and multi-word names (shimla mirch,
 * sarson ka tel); this list covers single words of the language. A synonym is an alternative, so
 * a term never maps to the pieces of a phrase ('sweet' + 'potato' would find every potato).
 */
/**
 * Added after the first release (the first batch of ADDED_SYNONYMS): spellings shoppers type, and what Hindi
 * typed in Devanagari reads as (आटा -> ata, जीरा -> jira, कॉफ़ी -> kofi, मूंगफली -> mungaphli).
 */
const synonymsAdded2026_11: Record<string, string[]> = {
  aata: ['atta'],
  ata: ['atta'],
  jira: ['jeera', 'cumin'],
  kofi: ['coffee'],
  kafi: ['coffee'],
  elaichi: ['cardamom'],
  elachi: ['elaichi', 'cardamom'],
  ilaichi: ['elaichi', 'cardamom'],
  ilaychi: ['elaichi', 'cardamom'],
  mungfali: ['peanut', 'peanuts'],
  moongfali: ['peanut', 'peanuts'],
  mungphali: ['peanut', 'peanuts'],
  moongphali: ['peanut', 'peanuts'],
  mungaphli: ['peanut', 'peanuts'],
  laung: ['clove', 'cloves'],
  sarso: ['sarson', 'mustard'],
  sarson: ['mustard'],
  kesar: ['saffron'],
};

/**
 * Added on 2026-11-28 (the second batch): the meat and fruit words of everyday Hindi, and the
 * green chickpea (हरभरा, which reads 'harabhra'), sold here as chana.
 */
const synonymsAdded2026_11_28: Record<string, string[]> = {
  murgi: ['chicken'],
  murga: ['chicken'],
  murg: ['chicken'],
  murgh: ['chicken'],
  phal: ['fruit', 'fruits'],
  harbhara: ['chana', 'chickpeas'],
  harabhara: ['chana', 'chickpeas'],
  harabhra: ['chana', 'chickpeas'],
};

export const seedSynonyms: Record<string, string[]> = {
  // Vegetables
  aloo: ['potato', 'potatoes'],
  alu: ['potato', 'potatoes'],
  batata: ['potato'],
  pyaz: ['onion', 'onions'],
  pyaaz: ['onion', 'onions'],
  pyaj: ['onion'],
  kanda: ['onion'],
  tamatar: ['tomato', 'tomatoes'],
  tamater: ['tomato'],
  mirch: ['chilli', 'capsicum', 'pepper'],
  mirchi: ['chilli'],
  adrak: ['ginger'],
  adrakh: ['ginger'],
  lehsun: ['garlic'],
  lahsun: ['garlic'],
  lasun: ['garlic'],
  palak: ['spinach'],
  bhindi: ['okra', 'ladyfinger'],
  // Plain 'gobi' is cauliflower; cabbage (patta gobi) and broccoli (hari gobi) carry aliases.
  gobi: ['cauliflower'],
  gobhi: ['cauliflower'],
  matar: ['peas'],
  mutter: ['peas'],
  gajar: ['carrot'],
  mooli: ['radish'],
  baingan: ['brinjal', 'eggplant'],
  kheera: ['cucumber'],
  kakdi: ['cucumber'],
  lauki: ['gourd'],
  karela: ['gourd'],
  kaddu: ['pumpkin'],
  methi: ['fenugreek'],
  dhania: ['coriander'],
  dhaniya: ['coriander'],
  pudina: ['mint'],
  nimbu: ['lemon'],
  nimboo: ['lemon'],
  khumb: ['mushroom'],
  makka: ['corn'],
  makki: ['corn', 'popcorn'],
  bhutta: ['corn'],
  // Fruit
  kela: ['banana', 'bananas'],
  kele: ['banana', 'bananas'],
  seb: ['apple', 'apples'],
  aam: ['mango', 'mangoes'],
  angoor: ['grapes'],
  angur: ['grapes'],
  santra: ['orange', 'oranges'],
  papita: ['papaya'],
  anar: ['pomegranate'],
  amrood: ['guava'],
  ananas: ['pineapple'],
  tarbooj: ['watermelon'],
  chikoo: ['sapota'],
  // Dairy and breakfast
  doodh: ['milk'],
  dudh: ['milk'],
  dahi: ['curd', 'yogurt'],
  doi: ['curd'],
  makhan: ['butter'],
  makkhan: ['butter'],
  malai: ['cream'],
  panir: ['paneer'],
  anda: ['eggs', 'egg'],
  ande: ['eggs', 'egg'],
  roti: ['bread'],
  pao: ['pav'],
  shahad: ['honey'],
  shehad: ['honey'],
  chaas: ['buttermilk'],
  chhach: ['buttermilk'],
  yoghurt: ['yogurt'],
  // Staples and spices
  atta: ['flour'],
  maida: ['flour'],
  chawal: ['rice'],
  chaawal: ['rice'],
  dal: ['daal'],
  daal: ['dal'],
  sooji: ['suji', 'semolina', 'rava'],
  suji: ['sooji', 'semolina', 'rava'],
  rava: ['semolina', 'sooji'],
  haldi: ['turmeric'],
  jeera: ['cumin'],
  zeera: ['cumin', 'jeera'],
  cheeni: ['sugar'],
  chini: ['sugar'],
  shakkar: ['sugar'],
  gud: ['jaggery'],
  gur: ['jaggery'],
  namak: ['salt'],
  tel: ['oil'],
  ghi: ['ghee'],
  masale: ['masala'],
  kaju: ['cashew', 'cashews'],
  badam: ['almond', 'almonds'],
  kishmish: ['raisins'],
  akhrot: ['walnut'],
  achar: ['pickle'],
  achaar: ['pickle'],
  chana: ['chickpeas'],
  // Snacks, drinks, instant food
  namkeen: ['bhujia', 'mixture', 'sev'],
  chips: ['wafers', 'crisps'],
  wafers: ['chips'],
  crisps: ['chips'],
  biskut: ['biscuit', 'biscuits'],
  biscuit: ['biscuits', 'cookies'],
  cookie: ['cookies', 'biscuits'],
  chai: ['tea'],
  kaafi: ['coffee'],
  paani: ['water'],
  pani: ['water'],
  sharbat: ['syrup', 'squash'],
  coke: ['cola'],
  noodle: ['noodles'],
  maggie: ['maggi'],
  // Personal care and household
  sabun: ['soap'],
  manjan: ['toothpaste'],
  shampu: ['shampoo'],
  bartan: ['dishwash'],
  machhar: ['mosquito'],
  agarbatti: ['incense'],
  jhadu: ['broom'],
  pocha: ['floor'],
  ...synonymsAdded2026_11,
  ...synonymsAdded2026_11_28,
};

/**
 * The synonyms added after databases were first seeded, batch by batch: a data step of each batch's
 * name (server/db/data-migrations.ts) adds its rows, once, to a database seeded before it.
 */
export const ADDED_SYNONYMS: readonly { step: string; terms: readonly string[] }[] = [
  { step: 'search_synonyms_2026_11', terms: Object.keys(synonymsAdded2026_11) },
  { step: 'search_synonyms_2026_11_28', terms: Object.keys(synonymsAdded2026_11_28) },
];

/** The synonyms as table rows. */
export const seedSynonymRows = (): { term: string; synonym: string }[] =>
  Object.entries(seedSynonyms).flatMap(([term, synonyms]) => synonyms.map((synonym) => ({ term, synonym })));
