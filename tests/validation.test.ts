import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PHONE_MESSAGE, WEB_ADDRESS_MESSAGE } from '@/lib/validation/contact';
import { loginSchema, signupSchema } from '@/lib/validation/auth';
import { orderFormSchema } from '@/lib/validation/orders';
import { reviewSchema } from '@/lib/validation/reviews';
import { productSchema } from '@/lib/validation/tools';
import { profileSchema, userUpdateSchema } from '@/lib/validation/users';
import { companySchema } from '@/lib/validation/company';
import { CONTROL_CHARACTERS_MESSAGE } from '@/lib/validation/fields';
import { quoteMessageSchema } from '@/lib/validation/quotes';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('login and sign-up (docs/PRODUCT.md, Validation)', () => {
  it.each([
    [{ email: '', password: 'secret1' }, 'Email is Required'],
    [{ password: 'secret1' }, 'Email is Required'],
    [{ email: 'not-an-email', password: 'secret1' }, 'Provide a valid Email'],
    [{ email: 'a@b.co', password: '' }, 'Password is Required'],
    [{ email: 'a@b.co', password: '12345' }, 'Must be 6 characters or longer'],
  ])('%j → %s', (input, message) => {
    expect(firstMessage(loginSchema.safeParse(input))).toBe(message);
  });

  it('requires a name to sign up', () => {
    expect(
      firstMessage(signupSchema.safeParse({ name: '  ', email: 'a@b.co', password: 'secret1' })),
    ).toBe('name is Required');
  });

  it('normalises the email to lower case', () => {
    expect(loginSchema.parse({ email: ' Ann@Example.COM ', password: 'secret1' }).email).toBe(
      'ann@example.com',
    );
  });
});

describe('order form', () => {
  const schema = orderFormSchema({ minQuantity: 10, quantity: 50 });
  const valid = { quantity: 10, address: '1 Road', phone: '555' };

  it.each([
    [{ ...valid, quantity: Number.NaN }, 'Order quantity is Required'],
    [{ ...valid, quantity: 9 }, 'You can not order less then minimum quantity'],
    [{ ...valid, quantity: 51 }, 'You can not order more than available quantity'],
    [{ ...valid, address: '' }, 'Address is Required'],
    [{ ...valid, phone: ' ' }, 'Phone Number is Required'],
  ])('%j → %s', (input, message) => {
    expect(firstMessage(schema.safeParse(input))).toBe(message);
  });

  it('accepts both limits inclusively', () => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(schema.safeParse({ ...valid, quantity: 50 }).success).toBe(true);
  });
});

describe('add product', () => {
  const valid = {
    name: 'Saw',
    about: 'Cuts',
    price: 12.5,
    quantity: 100,
    min_quantity: 10,
    image: '/images/x.svg',
  };

  it.each([
    [{ ...valid, name: '' }, 'Name is Required'],
    [{ ...valid, about: '' }, 'About is Required'],
    [{ ...valid, price: undefined }, 'Price is Required'],
    // A quirk of the original: quantity and min_quantity say 'Price is Required'.
    [{ ...valid, quantity: undefined }, 'Price is Required'],
    [{ ...valid, min_quantity: undefined }, 'Price is Required'],
    [{ ...valid, image: '' }, 'Image is Required'],
    [{ ...valid, price: -1 }, 'Price must be more than 0'],
    [{ ...valid, price: 1.005 }, 'Price can have at most 2 decimals'],
    [{ ...valid, min_quantity: 101 }, 'Minimum quantity can not be more than the quantity'],
  ])('%j → %s', (input, message) => {
    expect(firstMessage(productSchema.safeParse(input))).toBe(message);
  });

  it.each(['javascript:alert(1)', '//evil.example/x.png', '/\\evil.example/x.png'])(
    'refuses the image %j: not http(s) and not a path on this site',
    (image) => {
      expect(firstMessage(productSchema.safeParse({ ...valid, image }))).toBe(
        'Image must be an http(s) URL or a path on this site',
      );
    },
  );

  it('refuses an image address with a tab in it (browsers drop it: "/\\t/host" is another host)', () => {
    const image = '/\t/evil.example/x.png';
    expect(firstMessage(productSchema.safeParse({ ...valid, image }))).toBe(
      CONTROL_CHARACTERS_MESSAGE,
    );
  });

  it('takes a stock of 0 (out of stock) whatever the minimum order', () => {
    expect(productSchema.safeParse({ ...valid, quantity: 0 }).success).toBe(true);
  });
});

describe('review', () => {
  const valid = { toolName: 'Saw', userReview: 'Great', rating: 4 };

  it.each([
    [{ ...valid, userReview: '' }, 'Review is Required'],
    [{ ...valid, rating: undefined }, 'Rating is Required'],
    [{ ...valid, rating: Number.NaN }, 'Rating is Required'],
    [{ ...valid, rating: 6 }, 'Rating must be a whole number from 0 to 5'],
    [{ ...valid, rating: -1 }, 'Rating must be a whole number from 0 to 5'],
    [{ ...valid, rating: 2.5 }, 'Rating must be a whole number from 0 to 5'],
    [{ ...valid, rating: '5' }, 'Rating is Required'],
  ])('%j → %s', (input, message) => {
    expect(firstMessage(reviewSchema.safeParse(input))).toBe(message);
  });

  it('treats an empty image as none', () => {
    expect(reviewSchema.parse({ ...valid, image: '' }).image).toBeNull();
  });

  it.each([undefined, null, '', '   '])(
    'takes the tool name %j as none (docs/PRODUCT.md, Validation)',
    (toolName) => {
      expect(reviewSchema.parse({ ...valid, toolName }).toolName).toBeNull();
    },
  );

  it('refuses a tool name longer than 120 characters', () => {
    expect(firstMessage(reviewSchema.safeParse({ ...valid, toolName: 'x'.repeat(121) }))).toBe(
      'Must be at most 120 characters',
    );
  });
});

describe('profile', () => {
  it.each([
    ['address', 'Address is Required'],
    ['education', 'Education is Required'],
    ['institution', 'Institution is Required'],
    ['phone', 'Phone is Required'],
    ['linkedIn', 'LinkedIn is Required'],
  ])('%s missing → %s', (field, message) => {
    const input = {
      address: 'a',
      education: 'b',
      institution: 'c',
      phone: '+1 555 0100',
      linkedIn: 'https://www.linkedin.com/in/a',
      [field]: '',
    };
    expect(firstMessage(profileSchema.safeParse(input))).toBe(message);
  });

  it.each([
    ['phone', 'call me maybe', PHONE_MESSAGE],
    ['phone', '555', PHONE_MESSAGE],
    ['phone', '+1 555 0100 ext. 4', PHONE_MESSAGE],
    ['phone', '1234567890123456', PHONE_MESSAGE],
    ['phone', '+1 (555) 010-0199', null],
    ['phone', '+880 1711 223344', null],
    ['phone', '030.1234.5678', null],
    ['linkedIn', 'not a url', WEB_ADDRESS_MESSAGE],
    ['linkedIn', 'linkedin.com/in/jane', WEB_ADDRESS_MESSAGE],
    ['linkedIn', 'javascript:alert(1)', WEB_ADDRESS_MESSAGE],
    ['linkedIn', 'https://localhost', WEB_ADDRESS_MESSAGE],
    ['linkedIn', 'https://www.linkedin.com/in/jane doe', WEB_ADDRESS_MESSAGE],
    ['linkedIn', 'https://www.linkedin.com/in/jane-doe', null],
    ['linkedIn', 'HTTP://example.org/jane', null],
  ])('%s %j → %s', (field, value, message) => {
    const input = {
      address: 'a',
      education: 'b',
      institution: 'c',
      phone: '+1 555 0100',
      linkedIn: 'https://www.linkedin.com/in/a',
      [field]: value,
    };
    const result = profileSchema.safeParse(input);
    expect(result.success ? null : firstMessage(result)).toBe(message);
  });

  it('separates the sign-in sync body from a profile update and drops unknown fields', () => {
    expect(userUpdateSchema.parse({ email: 'x@y.z', name: 'Ann', role: 'admin' })).toEqual({
      name: 'Ann',
    });
    const profile = {
      address: 'a',
      education: 'b',
      institution: 'c',
      phone: '+1 555 0100',
      linkedIn: 'https://www.linkedin.com/in/a',
      role: 'admin',
    };
    expect(userUpdateSchema.parse(profile)).toEqual({
      name: undefined,
      profile: {
        address: 'a',
        education: 'b',
        institution: 'c',
        phone: '+1 555 0100',
        linkedIn: 'https://www.linkedin.com/in/a',
      },
    });
  });
});

describe('schema modules', () => {
  // A zod object built before `z.config({ jitless: true })` probes `new Function`: a CSP violation in the browser.
  it('each loads the jitless setting (lib/validation/fields.ts) before it builds a schema', () => {
    const folder = path.join(process.cwd(), 'lib/validation');
    const unset = readdirSync(folder).filter((name) => {
      const source = readFileSync(path.join(folder, name), 'utf8');
      return (
        name !== 'fields.ts' &&
        source.includes("from 'zod'") &&
        !/from '\.\/fields'|import '\.\/fields'/.test(source)
      );
    });
    expect(unset).toEqual([]);
  });
});

describe('control characters', () => {
  const product = {
    name: 'Saw',
    about: 'Cuts',
    price: 10,
    quantity: 5,
    min_quantity: 1,
    image: '/x.png',
  };
  const company = (companyName: string) => companySchema.safeParse({ companyName });

  it.each(['\r', '\n', '\t', '\u0000', '\u001b', '\u007f', '\u0085', '\u009b'])(
    'a one-line field refuses %j with its field and message',
    (character) => {
      const result = company(`ACME${character}GmbH`);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({
        path: ['companyName'],
        message: CONTROL_CHARACTERS_MESSAGE,
      });
    },
  );

  it("a text area keeps its line breaks (a browser's CRLF as LF) and refuses every other control character", () => {
    const about = productSchema.safeParse({ ...product, about: 'Line one\r\nLine two\nThree' });
    expect(about.success && about.data.about).toBe('Line one\nLine two\nThree');
    for (const character of ['\r', '\t', '\u0000', '\u0085']) {
      expect(firstMessage(productSchema.safeParse({ ...product, about: `A${character}B` }))).toBe(
        CONTROL_CHARACTERS_MESSAGE,
      );
      expect(
        firstMessage(reviewSchema.safeParse({ userReview: `A${character}B`, rating: 3 })),
      ).toBe(CONTROL_CHARACTERS_MESSAGE);
      expect(firstMessage(quoteMessageSchema.safeParse({ text: `A${character}B` }))).toBe(
        CONTROL_CHARACTERS_MESSAGE,
      );
    }
    expect(quoteMessageSchema.safeParse({ text: 'Two\nlines' }).success).toBe(true);
  });

  it('printable text of any script passes', () => {
    expect(company('Müller & Söhne — 東京 «Ж»').success).toBe(true);
  });
});
