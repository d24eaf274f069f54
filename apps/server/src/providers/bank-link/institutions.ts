/**
 * The sandbox bank-link provider's institution list: real US banks and credit unions (with their
 * brand colour, web site and a published ABA routing number), and the prepaid cards and neobanks that
 * Ferry refuses to link instantly (@ferry/domain `isBlockedInstitution`). Ids follow Plaid's where
 * they are known, so the blocked list means the same in the sandbox and with Plaid; the others use
 * the sandbox's own `ins_sbx_` ids.
 */
export interface SandboxInstitutionAccount {
  subtype: 'checking' | 'savings';
  /** The account's display name (Plaid's `name`). */
  name: string;
  /** The bank's product name (Plaid's `official_name`). */
  officialName: string;
}

export interface SandboxInstitution {
  id: string;
  name: string;
  kind: 'bank' | 'credit_union' | 'prepaid' | 'neobank';
  url: string;
  primaryColor: string;
  routingNumber: string;
  accounts: readonly SandboxInstitutionAccount[];
}

const pair = (short: string, checking: string, savings: string): readonly SandboxInstitutionAccount[] => [
  { subtype: 'checking', name: `${short} Business Checking`, officialName: checking },
  { subtype: 'savings', name: `${short} Business Savings`, officialName: savings },
];

const single = (short: string, official: string): readonly SandboxInstitutionAccount[] => [
  { subtype: 'checking', name: `${short} Spending Account`, officialName: official },
];

const i = (
  id: string,
  name: string,
  kind: SandboxInstitution['kind'],
  url: string,
  primaryColor: string,
  routingNumber: string,
  accounts: readonly SandboxInstitutionAccount[],
): SandboxInstitution => ({ id, name, kind, url, primaryColor, routingNumber, accounts });

export const SANDBOX_INSTITUTIONS: readonly SandboxInstitution[] = [
  i(
    'ins_3',
    'Chase',
    'bank',
    'https://www.chase.com',
    '#117ACA',
    '021000021',
    pair('Chase', 'Chase Business Complete Checking', 'Chase Business Total Savings'),
  ),
  i(
    'ins_127989',
    'Bank of America',
    'bank',
    'https://www.bankofamerica.com',
    '#E31837',
    '026009593',
    pair('BofA', 'Business Advantage Fundamentals Banking', 'Business Advantage Savings'),
  ),
  i(
    'ins_4',
    'Wells Fargo',
    'bank',
    'https://www.wellsfargo.com',
    '#D71E28',
    '121000248',
    pair('Wells Fargo', 'Initiate Business Checking', 'Business Market Rate Savings'),
  ),
  i(
    'ins_5',
    'Citibank Online',
    'bank',
    'https://www.citi.com',
    '#056DAE',
    '021000089',
    pair('Citi', 'CitiBusiness Streamlined Checking', 'CitiBusiness Savings'),
  ),
  i(
    'ins_9',
    'Capital One',
    'bank',
    'https://www.capitalone.com',
    '#004977',
    '051405515',
    pair('Capital One', 'Capital One Basic Business Checking', 'Capital One Business Advantage Savings'),
  ),
  i(
    'ins_127990',
    'U.S. Bank',
    'bank',
    'https://www.usbank.com',
    '#0C2074',
    '091000022',
    pair('U.S. Bank', 'Silver Business Checking', 'Business Essentials Savings'),
  ),
  i(
    'ins_13',
    'PNC',
    'bank',
    'https://www.pnc.com',
    '#EF7622',
    '043000096',
    pair('PNC', 'PNC Business Checking', 'PNC Business Premium Money Market'),
  ),
  i(
    'ins_sbx_truist',
    'Truist',
    'bank',
    'https://www.truist.com',
    '#2E1A47',
    '061000104',
    pair('Truist', 'Truist Simple Business Checking', 'Truist Business Money Market'),
  ),
  i(
    'ins_14',
    'TD Bank',
    'bank',
    'https://www.td.com/us',
    '#008A00',
    '031101266',
    pair('TD', 'TD Business Convenience Plus Checking', 'TD Business Simple Savings'),
  ),
  i(
    'ins_26',
    'Fifth Third Bank',
    'bank',
    'https://www.53.com',
    '#00843D',
    '042000314',
    pair('Fifth Third', 'Fifth Third Business Standard Checking', 'Fifth Third Business Money Market'),
  ),
  i(
    'ins_20',
    'Citizens Bank',
    'bank',
    'https://www.citizensbank.com',
    '#008555',
    '011500120',
    pair('Citizens', 'Clearly Better Business Checking', 'Citizens Business Savings'),
  ),
  i(
    'ins_29',
    'KeyBank',
    'bank',
    'https://www.key.com',
    '#CC0000',
    '041001039',
    pair('Key', 'Key Basic Business Checking', 'Key Business Reserve Savings'),
  ),
  i(
    'ins_21',
    'Huntington Bank',
    'bank',
    'https://www.huntington.com',
    '#5CA43E',
    '044000024',
    pair('Huntington', 'Huntington Business Checking 100', 'Huntington Business Premier Savings'),
  ),
  i(
    'ins_19',
    'Regions Bank',
    'bank',
    'https://www.regions.com',
    '#5E9732',
    '062005690',
    pair('Regions', 'Regions Business Simple Checking', 'Regions Business Savings'),
  ),
  i(
    'ins_27',
    'M&T Bank',
    'bank',
    'https://www3.mtb.com',
    '#00704A',
    '022000046',
    pair('M&T', 'M&T Simple Business Checking', 'M&T Business Savings'),
  ),
  i(
    'ins_sbx_bmo',
    'BMO',
    'bank',
    'https://www.bmo.com/en-us',
    '#0079C1',
    '071000288',
    pair('BMO', 'BMO Simple Business Checking', 'BMO Business Savings'),
  ),
  i(
    'ins_28',
    'Santander',
    'bank',
    'https://www.santanderbank.com',
    '#EC0000',
    '011075150',
    pair('Santander', 'Santander Basic Business Checking', 'Santander Business Savings'),
  ),
  i(
    'ins_110019',
    'First Citizens Bank',
    'bank',
    'https://www.firstcitizens.com',
    '#0A4C2E',
    '053100300',
    pair('First Citizens', 'First Citizens Basic Business Checking', 'First Citizens Business Money Market'),
  ),
  i(
    'ins_sbx_frost',
    'Frost Bank',
    'bank',
    'https://www.frostbank.com',
    '#0C2340',
    '114000093',
    pair('Frost', 'Frost Business Checking', 'Frost Business Savings'),
  ),
  i(
    'ins_25',
    'Ally Bank',
    'bank',
    'https://www.ally.com',
    '#650360',
    '124003116',
    pair('Ally', 'Ally Spending Account', 'Ally Online Savings Account'),
  ),
  i(
    'ins_7',
    'USAA',
    'bank',
    'https://www.usaa.com',
    '#003366',
    '314074269',
    pair('USAA', 'USAA Business Checking', 'USAA Business Savings'),
  ),
  i(
    'ins_15',
    'Navy Federal Credit Union',
    'credit_union',
    'https://www.navyfederal.org',
    '#0B2240',
    '256074974',
    pair('Navy Federal', 'Navy Federal Business Checking', 'Navy Federal Business Savings'),
  ),
  i(
    'ins_116798',
    'PenFed Credit Union',
    'credit_union',
    'https://www.penfed.org',
    '#003A70',
    '256078446',
    pair('PenFed', 'PenFed Business Checking', 'PenFed Business Savings'),
  ),
  i(
    'ins_115585',
    'Boeing Employees Credit Union (BECU)',
    'credit_union',
    'https://www.becu.org',
    '#00447C',
    '325081403',
    pair('BECU', 'BECU Business Checking', 'BECU Business Savings'),
  ),
  i(
    'ins_118051',
    'SchoolsFirst Federal Credit Union',
    'credit_union',
    'https://www.schoolsfirstfcu.org',
    '#004B87',
    '322282001',
    pair('SchoolsFirst', 'SchoolsFirst Business Checking', 'SchoolsFirst Business Savings'),
  ),
  i(
    'ins_120000',
    'Golden 1 Credit Union',
    'credit_union',
    'https://www.golden1.com',
    '#F0B323',
    '321175261',
    pair('Golden 1', 'Golden 1 Business Checking', 'Golden 1 Business Savings'),
  ),
  i(
    'ins_sbx_alliant',
    'Alliant Credit Union',
    'credit_union',
    'https://www.alliantcreditunion.org',
    '#0F4C81',
    '271081528',
    pair('Alliant', 'Alliant Business Checking', 'Alliant Business Savings'),
  ),
  i(
    'ins_114754',
    'Mountain America Credit Union',
    'credit_union',
    'https://www.macu.com',
    '#00539B',
    '324079555',
    pair('Mountain America', 'Mountain America Business Checking', 'Mountain America Business Savings'),
  ),
  i(
    'ins_115581',
    'VyStar Credit Union',
    'credit_union',
    'https://www.vystarcu.org',
    '#00467F',
    '263079276',
    pair('VyStar', 'VyStar Business Checking', 'VyStar Business Savings'),
  ),
  // Prepaid cards and neobanks: listed as a bank-data provider lists them; Ferry blocks them.
  i(
    'ins_35',
    'Chime',
    'neobank',
    'https://www.chime.com',
    '#1EC677',
    '031101279',
    pair('Chime', 'Chime Checking Account', 'Chime Savings Account'),
  ),
  i(
    'ins_sbx_varo',
    'Varo Bank',
    'neobank',
    'https://www.varomoney.com',
    '#003DFF',
    '124303243',
    pair('Varo', 'Varo Bank Account', 'Varo Savings Account'),
  ),
  i(
    'ins_sbx_current',
    'Current',
    'neobank',
    'https://current.com',
    '#1A1A1A',
    '091311229',
    single('Current', 'Current Spending Account'),
  ),
  i(
    'ins_118197',
    'Green Dot',
    'prepaid',
    'https://www.greendot.com',
    '#6CBE45',
    '124303120',
    single('Green Dot', 'Green Dot Prepaid Visa Card'),
  ),
  i(
    'ins_116953',
    'Netspend',
    'prepaid',
    'https://www.netspend.com',
    '#00A3E0',
    '073972181',
    single('Netspend', 'Netspend Visa Prepaid Card'),
  ),
  i(
    'ins_sbx_cash_app',
    'Cash App',
    'neobank',
    'https://cash.app',
    '#00D64F',
    '041215663',
    single('Cash App', 'Cash App Balance'),
  ),
  i(
    'ins_117321',
    'Aspiration',
    'neobank',
    'https://www.aspiration.com',
    '#1F2D3D',
    '125109019',
    pair('Aspiration', 'Aspiration Spend Account', 'Aspiration Save Account'),
  ),
  i(
    'ins_sbx_go2bank',
    'GO2bank',
    'prepaid',
    'https://www.go2bank.com',
    '#00A651',
    '124303162',
    single('GO2bank', 'GO2bank Deposit Account'),
  ),
  i(
    'ins_117179',
    'Dave',
    'neobank',
    'https://dave.com',
    '#0B4D3C',
    '084106768',
    single('Dave', 'Dave Spending Account'),
  ),
  i(
    'ins_130955',
    'MoneyLion',
    'neobank',
    'https://www.moneylion.com',
    '#121C6A',
    '073972181',
    single('MoneyLion', 'RoarMoney Account'),
  ),
  i(
    'ins_sbx_step',
    'Step',
    'neobank',
    'https://step.com',
    '#1D1D1D',
    '084106768',
    single('Step', 'Step Spending Account'),
  ),
];

const BY_ID = new Map(SANDBOX_INSTITUTIONS.map((institution) => [institution.id, institution]));

export const findSandboxInstitution = (id: string): SandboxInstitution | null => BY_ID.get(id) ?? null;

/** Name search, as a bank-link modal's search box: every word of the query must appear in the name or web address. */
export function searchSandboxInstitutions(query: string | undefined, limit = 50): SandboxInstitution[] {
  const words = (query ?? '')
    .toLowerCase()
    .split(/[^a-z0-9&]+/)
    .filter(Boolean);
  if (words.length === 0) return SANDBOX_INSTITUTIONS.slice(0, limit);
  return SANDBOX_INSTITUTIONS.filter((institution) => {
    const haystack = `${institution.name} ${institution.url}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  }).slice(0, limit);
}
