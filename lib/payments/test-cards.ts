import { paymentFailed } from '@/lib/errors';

// Stripe's documented test cards (https://docs.stripe.com/testing) and the messages Stripe.js shows for them.
const SUCCEEDING = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '378282246310005',
  '6011111111111117',
]);

const DECLINES: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000009987': 'Your card was declined.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
};

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function checkExpiry(expiry: string, now: Date): void {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) throw paymentFailed("Your card's expiration date is incomplete.");
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) throw paymentFailed("Your card's expiration date is invalid.");
  // A card is valid through the last day of its expiry month.
  if (
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  ) {
    throw paymentFailed("Your card's expiration date is in the past.");
  }
  if (year > now.getUTCFullYear() + 50)
    throw paymentFailed("Your card's expiration year is invalid.");
}

/** Runs a card through the test gateway's rules; throws a 402 with the card's message, as Stripe would. */
export function chargeTestCard(
  card: { cardNumber: string; expiry: string; cvc: string },
  now = new Date(),
): void {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d*$/.test(digits)) throw paymentFailed('Your card number is invalid.');
  if (digits.length < 13) throw paymentFailed('Your card number is incomplete.');
  if (digits.length > 19 || !passesLuhn(digits))
    throw paymentFailed('Your card number is invalid.');
  checkExpiry(card.expiry, now);
  const cvc = card.cvc.trim();
  if (!/^\d+$/.test(cvc) || cvc.length < 3)
    throw paymentFailed("Your card's security code is incomplete.");
  if (cvc.length > 4) throw paymentFailed("Your card's security code is invalid.");
  const decline = DECLINES[digits];
  if (decline) throw paymentFailed(decline);
  if (!SUCCEEDING.has(digits)) {
    throw paymentFailed(
      'Your card was declined. This shop is in test mode: use a test card such as 4242 4242 4242 4242.',
    );
  }
}
