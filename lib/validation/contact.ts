// Checks for fields that take a phone number or a web address (the profile's Phone and LinkedIn): the docs/PRODUCT.md only
// asks them to be present, which let "call me maybe" be saved as a phone and "not a url" as a LinkedIn page.

export const PHONE_MESSAGE =
  'Enter a phone number: digits, spaces, + - ( ) only, at least 7 digits';
export const WEB_ADDRESS_MESSAGE = 'Enter a web address starting with https://';

const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/** A phone number as people write it: an optional leading +, digits and the usual separators, 7 to 15 digits. */
export function isPhoneNumber(value: string): boolean {
  if (!PHONE_CHARACTERS.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/** An absolute http(s) address on a named host ("https://www.linkedin.com/in/jane"). */
export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname.includes('.') && !url.hostname.endsWith('.');
  } catch {
    return false;
  }
}
