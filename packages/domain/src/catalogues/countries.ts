/** Countries with ISO alpha-2 code, name and ISO alpha-3 (spec 000 §3: US, Canada, UK, EU members, Puerto Rico...). */
export const COUNTRIES = [
  { code: 'US', name: 'United States', isoAlpha3: 'USA' },
  { code: 'CA', name: 'Canada', isoAlpha3: 'CAN' },
  { code: 'GB', name: 'United Kingdom', isoAlpha3: 'GBR' },
  { code: 'PR', name: 'Puerto Rico', isoAlpha3: 'PRI' },
  { code: 'AT', name: 'Austria', isoAlpha3: 'AUT' },
  { code: 'BE', name: 'Belgium', isoAlpha3: 'BEL' },
  { code: 'BG', name: 'Bulgaria', isoAlpha3: 'BGR' },
  { code: 'HR', name: 'Croatia', isoAlpha3: 'HRV' },
  { code: 'CY', name: 'Cyprus', isoAlpha3: 'CYP' },
  { code: 'CZ', name: 'Czech Republic', isoAlpha3: 'CZE' },
  { code: 'DK', name: 'Denmark', isoAlpha3: 'DNK' },
  { code: 'EE', name: 'Estonia', isoAlpha3: 'EST' },
  { code: 'FI', name: 'Finland', isoAlpha3: 'FIN' },
  { code: 'FR', name: 'France', isoAlpha3: 'FRA' },
  { code: 'DE', name: 'Germany', isoAlpha3: 'DEU' },
  { code: 'GR', name: 'Greece', isoAlpha3: 'GRC' },
  { code: 'HU', name: 'Hungary', isoAlpha3: 'HUN' },
  { code: 'IE', name: 'Ireland', isoAlpha3: 'IRL' },
  { code: 'IT', name: 'Italy', isoAlpha3: 'ITA' },
  { code: 'LV', name: 'Latvia', isoAlpha3: 'LVA' },
  { code: 'LT', name: 'Lithuania', isoAlpha3: 'LTU' },
  { code: 'LU', name: 'Luxembourg', isoAlpha3: 'LUX' },
  { code: 'MT', name: 'Malta', isoAlpha3: 'MLT' },
  { code: 'NL', name: 'Netherlands', isoAlpha3: 'NLD' },
  { code: 'PL', name: 'Poland', isoAlpha3: 'POL' },
  { code: 'PT', name: 'Portugal', isoAlpha3: 'PRT' },
  { code: 'RO', name: 'Romania', isoAlpha3: 'ROU' },
  { code: 'SK', name: 'Slovakia', isoAlpha3: 'SVK' },
  { code: 'SI', name: 'Slovenia', isoAlpha3: 'SVN' },
  { code: 'ES', name: 'Spain', isoAlpha3: 'ESP' },
  { code: 'SE', name: 'Sweden', isoAlpha3: 'SWE' },
  { code: 'CH', name: 'Switzerland', isoAlpha3: 'CHE' },
  { code: 'NO', name: 'Norway', isoAlpha3: 'NOR' },
  { code: 'IS', name: 'Iceland', isoAlpha3: 'ISL' },
  { code: 'LI', name: 'Liechtenstein', isoAlpha3: 'LIE' },
  { code: 'AU', name: 'Australia', isoAlpha3: 'AUS' },
  { code: 'NZ', name: 'New Zealand', isoAlpha3: 'NZL' },
  { code: 'MX', name: 'Mexico', isoAlpha3: 'MEX' },
  { code: 'IN', name: 'India', isoAlpha3: 'IND' },
  { code: 'SG', name: 'Singapore', isoAlpha3: 'SGP' },
  { code: 'JP', name: 'Japan', isoAlpha3: 'JPN' },
  { code: 'HK', name: 'Hong Kong', isoAlpha3: 'HKG' },
  { code: 'AE', name: 'United Arab Emirates', isoAlpha3: 'ARE' },
  { code: 'IL', name: 'Israel', isoAlpha3: 'ISR' },
  { code: 'ZA', name: 'South Africa', isoAlpha3: 'ZAF' },
  { code: 'BR', name: 'Brazil', isoAlpha3: 'BRA' },
  { code: 'KR', name: 'South Korea', isoAlpha3: 'KOR' },
  { code: 'GU', name: 'Guam', isoAlpha3: 'GUM' },
  { code: 'VI', name: 'U.S. Virgin Islands', isoAlpha3: 'VIR' },
  { code: 'AS', name: 'American Samoa', isoAlpha3: 'ASM' },
  { code: 'MP', name: 'Northern Mariana Islands', isoAlpha3: 'MNP' },
] as const;
export type CountryCode = (typeof COUNTRIES)[number]['code'];

/** The short list of supported business countries. */
export const US_AND_CA_COUNTRIES = COUNTRIES.filter((c) => c.code === 'US' || c.code === 'CA');

/** The supported business country. */
export const SUPPORTED_BUSINESS_COUNTRY = 'US';

export const DEFAULT_COUNTRY = {
  name: 'United States',
  iso: 'us',
  dialCode: '1',
  currency: 'USD',
  isoAlpha3: 'USA',
} as const;

export const INDIA_COUNTRY = {
  name: 'India',
  iso: 'in',
  dialCode: '91',
  currency: 'INR',
  isoAlpha3: 'IND',
} as const;

/** Finds a country of the list by alpha-2 or alpha-3 code, case-insensitively. */
export const findCountry = (code: string): (typeof COUNTRIES)[number] | undefined => {
  const upper = code.trim().toUpperCase();
  return COUNTRIES.find((c) => c.code === upper || c.isoAlpha3 === upper);
};
