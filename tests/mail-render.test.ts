import { describe, expect, it } from 'vitest';
import { renderMail } from '@/lib/mail/render';

const order = {
  checkoutId: '0a1b2c3d-1111-2222-3333-444455556666',
  number: 1042,
  poNumber: null,
  name: 'Alice Buyer',
  lines: [
    {
      number: 5001,
      product: 'Claw Hammer',
      sku: 'CH-1001',
      quantity: 12,
      unitPriceCents: 250,
      totalCents: 3000,
    },
  ],
  totalCents: 3000,
  link: 'https://shop.example/checkout/0a1b2c3d-1111-2222-3333-444455556666',
};

describe('mail templates', () => {
  it('render an order mail to HTML and plain text with the shop name, subject and absolute link', async () => {
    const mail = await renderMail('checkout_placed', order);
    expect(mail.subject).toBe('Toolhaus: order C-1042 placed, Unpaid');
    expect(mail.html).toContain(`href="${order.link}"`);
    expect(mail.text).toContain('Toolhaus');
    expect(mail.text).toContain('Claw Hammer');
    expect(mail.text).toContain('12 pieces');
    expect(mail.text).toContain('$30.00');
    expect(mail.text).toContain(order.link);
    expect(mail.text).not.toContain('<');
  });

  it('names the transaction in the receipt', async () => {
    const mail = await renderMail('checkout_paid', { ...order, transactionId: 'pi_test_42' });
    expect(mail.text).toContain('Transaction id: pi_test_42');
  });

  it('refuses an unknown kind and malformed data', async () => {
    await expect(renderMail('nope', {})).rejects.toThrow('Unknown kind of mail: nope');
    await expect(renderMail('checkout_placed', { checkoutId: 1 })).rejects.toThrow();
  });
});
