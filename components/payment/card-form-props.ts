/** What both card forms (Stripe's element, the test gateway's plain fields) receive from the checkout. */
export interface CardFormProps {
  /** what Pay takes, in dollars (shown on the button) */
  amount: number;
  /** null until the payment intent exists */
  clientSecret: string | null;
  /** true once a payment succeeded: paying twice is never offered */
  disabled: boolean;
  /** billing details sent to the card provider */
  name: string;
  email: string;
  /** called with the gateway's payment id after it reports success */
  onSucceeded: (paymentId: string) => Promise<void>;
}
