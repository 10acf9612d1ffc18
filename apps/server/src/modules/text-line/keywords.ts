import type { IncidentClassification, IncidentType } from '@bantay/shared';

/**
 * What a text asks for, from its words (docs/decisions/032-the-text-line.md). People text in
 * Filipino, English, Cebuano or a mix, in capitals or not, with or without accents and spaces
 * ("TULONG!!", "may sunog po", "tabangi mi"): the text is folded to lower-case letters without
 * accents, and whole words are matched.
 */

/** Folded for matching and for the 10-minute dedupe: lower case, no accents, words split by one space. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words that make a text an emergency, by the incident family they also point to (null: none in particular). */
const EMERGENCY_WORDS: Record<string, Family | null> = {
  // Filipino / Tagalog
  tulong: null,
  saklolo: null,
  tulungan: null,
  emergency: null,
  emerhensya: null,
  agad: null,
  sunog: 'fire',
  nasusunog: 'fire',
  apoy: 'fire',
  saksak: 'crime',
  sinaksak: 'crime',
  baril: 'crime',
  binaril: 'crime',
  barilan: 'crime',
  holdap: 'crime',
  hinoldap: 'crime',
  nanloob: 'crime',
  pulis: 'crime',
  patay: null,
  namatay: 'medical',
  hinimatay: 'medical',
  nahimatay: 'medical',
  atake: 'medical',
  ambulansya: 'medical',
  ambulansiya: 'medical',
  duguan: 'medical',
  sugatan: 'medical',
  nalulunod: 'disaster',
  nalunod: 'disaster',
  baha: 'disaster',
  lindol: 'disaster',
  guho: 'disaster',
  aksidente: 'accident',
  disgrasya: 'accident',
  nabangga: 'accident',
  bangga: 'accident',
  // English
  help: null,
  sos: null,
  urgent: null,
  fire: 'fire',
  police: 'crime',
  robbery: 'crime',
  stabbed: 'crime',
  shot: 'crime',
  shooting: 'crime',
  ambulance: 'medical',
  unconscious: 'medical',
  bleeding: 'medical',
  drowning: 'disaster',
  flood: 'disaster',
  earthquake: 'disaster',
  landslide: 'disaster',
  accident: 'accident',
  crash: 'accident',
  // Cebuano
  tabang: null,
  tabangi: null,
  kalayo: 'fire',
  nasunog: 'fire',
  gidunggab: 'crime',
  gipusil: 'crime',
  naunlod: 'disaster',
  linog: 'disaster',
  naaksidente: 'accident',
};

type Family = 'fire' | 'medical' | 'crime' | 'disaster' | 'accident';

/**
 * Thanks: four in ten texts to a hotline are thanks ("salamat po sa tulong"). With one of these, a
 * generic word (TULONG, HELP) alone does not make an emergency; a word naming one (SUNOG) still does.
 */
const THANKS_WORDS = new Set(['salamat', 'thanks', 'thank', 'ty', 'daghang']);

/** How an incident type's name is recognised as one of the families (the defaults and common renamings). */
const FAMILY_TYPE_NAMES: Record<Family, RegExp> = {
  fire: /fire|sunog/i,
  medical: /medical|medikal|health/i,
  crime: /crime|krimen|robbery|holdup/i,
  disaster: /disaster|flood|kalamidad|baha/i,
  accident: /accident|aksidente/i,
};

export interface TextClassification {
  classification: IncidentClassification;
  type: string;
}

/**
 * The classification and type of a text, among the barangay's incident types: an emergency word
 * makes an emergency, of the type its family names when the barangay has one (see emergencyType);
 * any other text is an ordinary report of type "Other" (or the last ordinary type) for the staff
 * to triage.
 */
export function classifyText(text: string, types: readonly IncidentType[]): TextClassification {
  const words = normalizeText(text).split(' ');
  let generic = false;
  let family: Family | null = null;
  for (const word of words) {
    if (!(word in EMERGENCY_WORDS)) continue;
    generic = true;
    family ??= EMERGENCY_WORDS[word] ?? null;
  }
  const thanks = words.some((word) => THANKS_WORDS.has(word));
  if (family || (generic && !thanks)) return { classification: 'emergency', type: emergencyType(types, family) };
  return { classification: 'normal', type: ordinaryType(types) };
}

/**
 * The type of an emergency: the barangay's type of the family the words name; with none named (a
 * bare TULONG, a missed call) "Other", so the tanods are not told of a fire that may be a fall,
 * else the first emergency type.
 */
export function emergencyType(types: readonly IncidentType[], family: Family | null = null): string {
  const open = types.filter((type) => !type.confidential);
  const byFamily = family ? open.find((type) => type.classification === 'emergency' && FAMILY_TYPE_NAMES[family].test(type.name)) : undefined;
  const other = open.find((type) => /^other$/i.test(type.name));
  return (byFamily ?? other ?? open.find((type) => type.classification === 'emergency') ?? types[0])?.name ?? 'Other';
}

function ordinaryType(types: readonly IncidentType[]): string {
  const ordinary = types.filter((type) => type.classification === 'normal' && !type.confidential);
  return (ordinary.find((type) => /^other$/i.test(type.name)) ?? ordinary.at(-1) ?? types[0])?.name ?? 'Other';
}

/** A command in a text: `STATUS <ticket>`, `STOP`/`HINTO`, `START`/`SIMULA`; null for anything else. */
export type TextCommand = { kind: 'status'; ticket: string } | { kind: 'stop' } | { kind: 'start' };

export function commandOf(text: string): TextCommand | null {
  const folded = normalizeText(text);
  if (/^(stop|hinto|unsubscribe|stop all)$/.test(folded)) return { kind: 'stop' };
  if (/^(start|simula|unstop)$/.test(folded)) return { kind: 'start' };
  const status = /^(?:status|estado|stat)\s+(.+)$/.exec(folded);
  if (status) return { kind: 'status', ticket: status[1]!.replace(/\s+/g, '') };
  return null;
}
