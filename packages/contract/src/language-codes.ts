import { defineResource, navEntry } from './resource';

/**
 * The languages the product offers, as data (SPEC §2.5 "a language codes view", decision 0051). Central staff add a
 * language by its ISO 639-1 code, with its name, its name in itself and its direction of writing; once active, a
 * property can offer it, its users can choose it, and the translations template has its column. Its texts are the
 * uploaded ones, English where one is missing.
 */
export const languageCodesResource = defineResource({
  name: 'language-codes',
  actions: ['index', 'edit'],
  routes: { '/language-codes': 'index' },
  areas: ['central'],
  nav: [navEntry('administration', '/language-codes', 'languageCodes', { areas: ['central'] })],
  audited: { language_codes: {} },
});

export const LANGUAGE_DIRECTIONS = ['ltr', 'rtl'] as const;
export type LanguageDirection = (typeof LANGUAGE_DIRECTIONS)[number];
export const LANGUAGE_NAME_MAX = 64;

/** The ISO 639-1 codes (ISO 639-1:2002 and its later additions): a code outside them is refused. */
export const ISO_639_1_CODES = (
  'aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en ' +
  'eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ' +
  'ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ' +
  'ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st ' +
  'su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu'
).split(' ');
export const isIso6391 = (code: string) => ISO_639_1_CODES.includes(code);

/** The languages written right to left among them: what the add form suggests (the stored direction decides). */
export const RTL_LANGUAGE_CODES = ['ar', 'dv', 'fa', 'he', 'ks', 'ku', 'ps', 'sd', 'ug', 'ur', 'yi'];
