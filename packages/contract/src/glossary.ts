import type { Language } from './constants';

/**
 * The glossary: for each language, the one word the product uses for each of its core things, and the variants it
 * never uses (decision 0039 §16; docs/glossary.md explains the choices for people). `glossary.test.ts` holds every
 * dictionary value and the server's seeded catalog names to it.
 *
 * A variant is a regular-expression source, matched case-insensitively. In English and Spanish it is matched as
 * whole words — a letter or digit may not touch either end, accented letters included, so "placa" does not match
 * "aplacar" and "auto" does not match "automáticamente"; in Chinese, which has no spaces, anywhere in the text.
 */
export interface GlossaryTerm {
  /** What the term names, in English ("parking spot"). */
  concept: string;
  /** The word to use. */
  preferred: string;
  /** Variants never to use, as pattern sources. */
  banned: string[];
}

export const GLOSSARY: Record<Language, GlossaryTerm[]> = {
  en: [
    // US English (the SPEC's locale): the British spellings that have crept in before.
    { concept: 'spelling: color', preferred: 'color', banned: ['colour(s|ed|ing)?'] },
    { concept: 'spelling: license', preferred: 'license', banned: ['licences?'] },
    {
      concept: 'spelling: authorize',
      preferred: 'authorize, authorization',
      banned: ['authoris(e|es|ed|ing|ation|ations)'],
    },
    { concept: 'spelling: canceled', preferred: 'canceled, canceling', banned: ['cancell(ed|ing)'] },
    {
      concept: 'spelling: organize',
      preferred: 'organize, organization',
      banned: ['organis(e|es|ed|ing|ation|ations)'],
    },
    { concept: 'spelling: recognize', preferred: 'recognize', banned: ['recognis(e|es|ed|ing)'] },
    { concept: 'spelling: normalize', preferred: 'normalize', banned: ['normalis(e|es|ed|ing|ation)'] },
    {
      concept: 'spelling: meter',
      preferred: 'meter, meters',
      banned: ['metres?', 'kilometres?', 'centres?'],
    },
    {
      concept: 'spelling: -or',
      preferred: 'behavior, favor, honor, neighbor',
      banned: ['behaviours?', 'favour(s|ed|ites?)?', 'honours?', 'neighbours?'],
    },
    {
      concept: 'spelling: others',
      preferred: 'catalog, gray, labeled, traveled, enroll',
      banned: ['catalogues?', 'grey', 'labell(ed|ing)', 'travell(ed|ing)', 'enrol', 'enrols'],
    },
    // The core nouns.
    { concept: 'permit', preferred: 'permit', banned: ['pass(es)?'] },
    {
      concept: 'plate',
      preferred: 'plate, license plate',
      banned: ['number plates?', 'registration plates?'],
    },
    {
      concept: 'parking spot',
      preferred: 'spot',
      banned: ['(parking|reserved|assigned|handicap|resident|marked) spaces?', 'stalls?', 'parking bays?'],
    },
    { concept: 'warning', preferred: 'warning', banned: ['citations?'] },
    { concept: 'visitor', preferred: 'visitor', banned: ['guests?'] },
    { concept: 'resident', preferred: 'resident', banned: ['occupants?'] },
    { concept: 'property', preferred: 'property', banned: ['communit(y|ies)', 'premises'] },
    { concept: 'unit', preferred: 'unit', banned: ['suites?'] },
    { concept: 'building', preferred: 'building', banned: ['towers?'] },
  ],
  es: [
    { concept: 'plate', preferred: 'matrícula', banned: ['placas?'] },
    { concept: 'parking spot', preferred: 'plaza', banned: ['espacios?'] },
    { concept: 'warning', preferred: 'aviso', banned: ['advertencias?'] },
    { concept: 'vehicle', preferred: 'vehículo', banned: ['coches?', 'autos?', 'carros?', 'automóvil(es)?'] },
    {
      concept: 'parking',
      preferred: 'estacionamiento, estacionar',
      banned: ['aparcamientos?', 'aparc\\p{L}*', 'parqueos?', 'parking(?!\\.)'],
    },
    { concept: 'permit', preferred: 'permiso', banned: ['pases?'] },
    { concept: 'visitor', preferred: 'visitante', banned: ['(vehículos?|permisos?) de visita'] },
    { concept: 'tow', preferred: 'remolque, remolcar', banned: ['grúas?'] },
    { concept: 'resident', preferred: 'residente', banned: ['vecinos?'] },
    { concept: 'property', preferred: 'propiedad', banned: ['inmuebles?', 'condominios?'] },
    { concept: 'unit', preferred: 'unidad', banned: ['departamentos?'] },
    { concept: 'building', preferred: 'edificio', banned: ['torres?'] },
    // Usted imperative of rechazar with a pronoun: the z turns to c before e.
    { concept: 'spelling: rechácelo', preferred: 'rechácelo, rechácela', banned: ['recház\\p{L}*'] },
  ],
  zh: [
    { concept: 'plate', preferred: '车牌', banned: ['(?<!车)牌照', '号牌'] },
    { concept: 'parking spot', preferred: '车位', banned: ['停车位', '泊位', '车格'] },
    { concept: 'warning', preferred: '警告', banned: ['警示', '罚单'] },
    { concept: 'permit', preferred: '停车证', banned: ['许可', '通行证'] },
    { concept: 'resident', preferred: '住户', banned: ['居民'] },
    { concept: 'visitor', preferred: '访客', banned: ['访问者', '来宾'] },
    { concept: 'tow', preferred: '拖车, 拖走', banned: ['拖吊'] },
    { concept: 'property', preferred: '物业', banned: ['房产', '楼盘'] },
    { concept: 'unit', preferred: '单元', banned: ['房号'] },
    { concept: 'building', preferred: '楼栋', banned: ['大楼', '楼宇', '建筑物'] },
  ],
};

/** One banned variant found in a text. */
export interface GlossaryHit {
  concept: string;
  preferred: string;
  /** The variant's pattern. */
  banned: string;
  /** The words of the text that matched it. */
  found: string;
}

const compiled = new Map<string, RegExp>();
function compile(language: Language, source: string): RegExp {
  const id = `${language}:${source}`;
  let re = compiled.get(id);
  if (!re) {
    const wrapped = language === 'zh' ? source : `(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`;
    re = new RegExp(wrapped, 'iu');
    compiled.set(id, re);
  }
  return re;
}

/** The banned variants a text in a language uses (none: it follows the glossary). */
export function glossaryHits(language: Language, text: string): GlossaryHit[] {
  const hits: GlossaryHit[] = [];
  for (const term of GLOSSARY[language])
    for (const banned of term.banned) {
      const m = compile(language, banned).exec(text);
      if (m) hits.push({ concept: term.concept, preferred: term.preferred, banned, found: m[0] });
    }
  return hits;
}
