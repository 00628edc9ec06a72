/** How mails name an order: the one place to change when orders get a number of their own. */
export const orderReference = (orderId: string) => `#${orderId.slice(0, 8).toUpperCase()}`;
