/** The plant's contact block (home page "Contact our team"), also the Organization in structured data. */
export const CONTACT = {
  organization: 'Toolhaus Manufacturing',
  city: 'Chattogram',
  country: 'Bangladesh',
  countryCode: 'BD',
  streetAddress: 'Plot 14, BSCIC Industrial Estate, Kalurghat',
  postalCode: '4208',
  phone: { display: '+1 (555) 010-0000', tel: '+15550100000' },
} as const;
