/** The Seattle address the web tests fill in and expect back. */
export const SEATTLE_ADDRESS = {
  addressLine1: '12 Pier Road',
  addressLine2: '',
  city: 'Seattle',
  state: 'WA',
  zipCode: '98101',
  country: 'US',
};
