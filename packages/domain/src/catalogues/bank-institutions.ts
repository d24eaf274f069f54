/**
 * Institutions Ferry does not link instantly (spec 002 §4: "a fixed list of prepaid and neobank
 * institutions" → BANK_DENIED with reason BLOCKED_INSTITUTE).
 *
 * Ids are the bank-link provider's institution ids: Plaid's where they are known, and the Ferry
 * sandbox's own (`ins_sbx_…`) for the rest. Because a provider may list the same brand under several
 * ids (personal, business, card programme...), `isBlockedInstitution` also matches the brand name.
 */
export interface BlockedInstitution {
  id: string;
  name: string;
  kind: 'prepaid' | 'neobank';
}

export const BLOCKED_BANK_INSTITUTIONS: readonly BlockedInstitution[] = [
  { id: 'ins_35', name: 'Chime', kind: 'neobank' },
  { id: 'ins_sbx_varo', name: 'Varo Bank', kind: 'neobank' },
  { id: 'ins_sbx_current', name: 'Current', kind: 'neobank' },
  { id: 'ins_118197', name: 'Green Dot', kind: 'prepaid' },
  { id: 'ins_116953', name: 'Netspend', kind: 'prepaid' },
  { id: 'ins_sbx_cash_app', name: 'Cash App', kind: 'neobank' },
  { id: 'ins_117321', name: 'Aspiration', kind: 'neobank' },
  { id: 'ins_sbx_go2bank', name: 'GO2bank', kind: 'prepaid' },
  { id: 'ins_117179', name: 'Dave', kind: 'neobank' },
  { id: 'ins_130955', name: 'MoneyLion', kind: 'neobank' },
  { id: 'ins_sbx_step', name: 'Step', kind: 'neobank' },
  { id: 'ins_129417', name: 'One', kind: 'neobank' },
  { id: 'ins_114860', name: 'Wisely', kind: 'prepaid' },
  { id: 'ins_111998', name: 'Walmart MoneyCard', kind: 'prepaid' },
] as const;

export const BLOCKED_INSTITUTION_IDS: readonly string[] = BLOCKED_BANK_INSTITUTIONS.map((i) => i.id);

/** Other names the blocked brands are listed under by bank-link providers. */
const BLOCKED_NAME_ALIASES = [
  'chime bank',
  'varo',
  'varo money',
  'current card',
  'green dot bank',
  'green dot prepaid debit card',
  'netspend prepaid',
  'netspend skylightone',
  'cash app by block',
  'cash app (square)',
  'square cash',
  'aspiration bank',
  'go2bank by green dot',
  'dave banking',
  'moneylion bank',
  'step banking',
  'one finance',
  'wisely by adp',
  'walmart moneycard by green dot',
];

/** Lower case, `&` as `and`, punctuation and repeated spaces removed. */
export const normalizeInstitutionName = (name: string): string =>
  name
    .toLowerCase()
    .replaceAll('&', ' and ')
    .replace(/[^a-z0-9()]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');

const BLOCKED_NAMES: ReadonlySet<string> = new Set(
  [...BLOCKED_BANK_INSTITUTIONS.map((i) => i.name), ...BLOCKED_NAME_ALIASES].map(normalizeInstitutionName),
);
const BLOCKED_IDS: ReadonlySet<string> = new Set(BLOCKED_INSTITUTION_IDS);

/**
 * Whether Ferry refuses to link this institution instantly: a listed id, or a name that is exactly one
 * of the blocked brands (exact, so 'Step' does not catch 'Stepstone Federal Credit Union').
 */
export function isBlockedInstitution(id: string | null | undefined, name?: string | null): boolean {
  if (id && BLOCKED_IDS.has(id)) return true;
  return Boolean(name && BLOCKED_NAMES.has(normalizeInstitutionName(name)));
}
