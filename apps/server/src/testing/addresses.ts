/** A US address as Ferry's forms and API carry it (country as its 2-letter code). */
export const AUSTIN_ADDRESS = {
  addressLine1: '500 Congress Ave',
  addressLine2: 'Suite 200',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  country: 'US',
};
