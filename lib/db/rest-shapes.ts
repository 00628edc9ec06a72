import type { Order, Tool, User } from '@/lib/db/schema';
import { toDollars } from '@/lib/money';
import type { OrderDto, ReviewDto, ToolDto, ToolSuggestionDto, UserDto } from '@/lib/types';

// The REST contract's shapes (docs/PRODUCT.md, The REST contract) keep the names of the shop this one replaced: `_id`
// for every id, `min_quantity`, `displayName`. They are made here, from the rows, and nowhere else; the rest of the
// code speaks the schema's names.

export function toOrderDto(order: Order): OrderDto {
  return {
    _id: order.id,
    number: order.number,
    toolId: order.toolId,
    name: order.productName,
    sku: order.sku,
    price: toDollars(order.unitPriceCents),
    quantity: order.quantity,
    total: toDollars(order.totalCents),
    email: order.email,
    userName: order.userName,
    address: order.address,
    phone: order.phone,
    paid: order.paid,
    transactionId: order.transactionId,
    paidAt: order.paidAt?.toISOString() ?? null,
    shipped: order.shipped,
    checkoutId: order.checkoutId,
    checkoutNumber: order.checkoutNumber,
    poNumber: order.poNumber,
    createdAt: order.createdAt.toISOString(),
  };
}

export function toToolDto(tool: Omit<Tool, 'searchVector'>): ToolDto {
  return {
    _id: tool.id,
    sku: tool.sku,
    name: tool.name,
    about: tool.about,
    price: toDollars(tool.priceCents),
    quantity: tool.quantity,
    min_quantity: tool.minQuantity,
    image: tool.image,
    priceBreaks: tool.priceBreaks.map((priceBreak) => ({
      minQuantity: priceBreak.minQuantity,
      price: toDollars(priceBreak.priceCents),
    })),
    unitOfMeasure: tool.unitOfMeasure,
    unspsc: tool.unspsc,
  };
}

export function toUserDto(user: User): UserDto {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    displayName: user.name,
    education: user.education,
    institution: user.institution,
    address: user.address,
    phone: user.phone,
    linkedIn: user.linkedIn,
    verified: user.emailVerified !== null,
    disabled: user.disabledAt !== null,
  };
}

// Public: the reviewer's email is never part of it.
export function toReviewDto(review: {
  id: string;
  toolName: string | null;
  userName: string;
  userReview: string;
  rating: number;
  image: string | null;
  createdAt: Date;
}): ReviewDto {
  return {
    _id: review.id,
    toolName: review.toolName,
    userName: review.userName,
    userReview: review.userReview,
    rating: review.rating,
    image: review.image,
    createdAt: review.createdAt.toISOString(),
  };
}

/** Quick order's look-up: a tool, priced per piece at `pricedFor` pieces. */
export function toToolSuggestionDto(
  tool: Pick<Tool, 'id' | 'sku' | 'name' | 'quantity' | 'minQuantity'>,
  pricedFor: number,
  unitPriceCents: number,
): ToolSuggestionDto {
  return {
    _id: tool.id,
    sku: tool.sku,
    name: tool.name,
    quantity: tool.quantity,
    min_quantity: tool.minQuantity,
    pricedFor,
    unitPrice: toDollars(unitPriceCents),
  };
}

/** A saved list's head as its routes answer it: `_id`, like every id of the REST contract's answers. */
export function toListHeadDto(list: {
  id: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}) {
  return {
    _id: list.id,
    name: list.name,
    createdAt: list.createdAt.toISOString(),
    updatedAt: list.updatedAt.toISOString(),
  };
}
