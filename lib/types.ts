// Shapes of the REST contract (docs/PRODUCT.md, The REST contract): what API clients and client components receive.

export type Role = 'admin' | 'customer';

export interface PriceBreakDto {
  /** from this many pieces on */
  minQuantity: number;
  /** dollars per unit */
  price: number;
}

export interface ToolDto {
  _id: string;
  /** part number: 3–32 characters of A–Z, 0–9 and - */
  sku: string;
  name: string;
  about: string;
  /** dollars per unit */
  price: number;
  /** stock, pieces */
  quantity: number;
  /** minimum order, pieces */
  min_quantity: number;
  image: string;
  /** lowest threshold first; the unit price is the highest break the quantity reaches, else `price` */
  priceBreaks: PriceBreakDto[];
}

export interface OrderDto {
  _id: string;
  /** short, stable order number shown to people ("#1042") */
  number: number;
  toolId: string;
  name: string;
  /** the tool's part number when the order was placed */
  sku: string;
  /** dollars per unit: the base price or the break the quantity reached */
  price: number;
  quantity: number;
  /** dollars */
  total: number;
  email: string;
  userName: string;
  address: string;
  phone: string;
  paid: boolean;
  transactionId: string | null;
  /** when the payment was recorded (ISO), null while unpaid */
  paidAt: string | null;
  shipped: boolean;
  createdAt: string;
}

export interface ReviewDto {
  _id: string;
  /** null when the reviewer named no tool */
  toolName: string | null;
  userName: string;
  userReview: string;
  rating: number;
  image: string | null;
  createdAt: string;
}

export interface UserDto {
  _id: string;
  name: string | null;
  email: string;
  role: Role;
  displayName: string | null;
  education: string | null;
  institution: string | null;
  address: string | null;
  phone: string | null;
  linkedIn: string | null;
  /** the address was confirmed by a mailed link or by Google */
  verified: boolean;
  /** an admin disabled the account: it can not sign in or call the API */
  disabled: boolean;
}

/** One entry of an order's history (GET-free: the order page reads it on the server). */
export interface OrderEventDto {
  kind: 'placed' | 'payment_started' | 'paid' | 'shipped' | 'cancelled';
  actor: 'customer' | 'admin' | 'payment_webhook' | 'shop';
  reference: string | null;
  at: string;
}
