import fc from 'fast-check';

/**
 * Generators of inputs that are invalid by construction (so that any 2xx answer, or any change in the database,
 * is a bug): wrong types, missing fields, out-of-range and non-finite numbers, huge strings, unicode, NUL characters,
 * malformed JSON, wrong content types, non-object bodies and weird path parameters. Deterministic: fixed seeds.
 */

/** A body as sent: JSON (serialised here, so that raw number literals such as 1e999 can be spliced in) or raw text. */
export interface BodySpec {
  text: string;
  contentType: string | null;
  /** Short description for failure messages. */
  label: string;
}

/** A bad value for one field: a JSON value, a raw JSON literal, or the field left out. */
export type Bad = { value: unknown } | { raw: string } | { missing: true };

export interface FieldSpec {
  /** Always sent (each one alone on an otherwise valid body). */
  edges: Bad[];
  /** Sampled. */
  arbitrary: fc.Arbitrary<Bad>;
}

const v = (value: unknown): Bad => ({ value });
const raw = (literal: string): Bad => ({ raw: literal });
const missing: Bad = { missing: true };

export const HUNDRED_KB = 'a'.repeat(100_000);
const HUNDRED_KB_EMOJI = '🔧'.repeat(25_000);
const RTL = '\u202Egnp.exe\u202C \u05E9\u05DC\u05D5\u05DD \u0645\u0631\u062D\u0628\u0627';
const ZALGO = 'Z\u0351\u036B\u0343a\u0352\u036Bl\u0350g\u0346o\u0346';

/** Unicode text: emoji (with joiners), right-to-left and bidi overrides, combining marks, astral letters. */
const unicodeText = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
  fc.constantFrom('🔧🔨⚙️', RTL, ZALGO, '👨‍👩‍👧‍👦', 'Ǆ ǅ ǆ', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢'),
);

/** Strings no "required text" check may accept: empty or only (unicode) whitespace. */
const blanks = ['', ' ', '\t\n\r', '\u00A0', '\u2003\u3000', '\uFEFF'];

const anyJson = fc.jsonValue({ maxDepth: 2 });
const smallArray = fc.array(anyJson, { maxLength: 3 });
const smallObject = fc.dictionary(fc.string({ maxLength: 6 }), anyJson, { maxKeys: 3 });

/** Values of any type but string. */
const notString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  smallArray,
  smallObject,
);
// prettier-ignore
const notStringEdges: Bad[] = [
  v(null), v(true), v(0), v(-1), v(1e308), v([]), v({}), v(['a']), v({ a: 'b' }),
];

/** Values of any type but number (numeric-looking strings included: "5" is not 5). */
const notNumber = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer().map(String),
  fc.boolean(),
  fc.constant(null),
  smallArray,
  smallObject,
);
// prettier-ignore
const notNumberEdges: Bad[] = [
  v(null), v(true), v('5'), v(''), v('NaN'), v('Infinity'), v('-0'), v('1e999'), v([]), v({}),
  v([5]),
];

/** A longer-than-allowed string that stays long after trimming. */
const tooLong = (max: number) =>
  fc
    .string({ unit: 'grapheme', minLength: max + 1, maxLength: max + 40 })
    .map((text) => `x${text}x`);

/** Otherwise plausible text with a NUL character in it (PostgreSQL text can not hold NUL). */
const withNul = fc
  .string({ unit: 'grapheme', maxLength: 12 })
  .map((text) => `Nul${text}\u0000${text}`);

/** A required, trimmed text field of at most `max` characters. */
export function requiredText(max: number, { nul = true } = {}): FieldSpec {
  const edges: Bad[] = [
    missing,
    ...notStringEdges,
    ...blanks.map(v),
    v(HUNDRED_KB),
    v(HUNDRED_KB_EMOJI),
    v(`x${'y'.repeat(max)}x`),
  ];
  if (nul) edges.push(v('with\u0000nul'), v('\u0000'));
  const parts: fc.Arbitrary<Bad>[] = [
    fc.constant(missing),
    notString.map(v),
    fc.constantFrom(...blanks).map(v),
    tooLong(max).map(v),
  ];
  if (nul) parts.push(withNul.map(v));
  return { edges, arbitrary: fc.oneof(...parts) };
}

/** An optional, trimmed text field of at most `max` characters: missing, null and blank are valid there. */
export function optionalText(max: number): FieldSpec {
  return {
    edges: [
      ...notStringEdges.filter((bad) => !('value' in bad && bad.value === null)),
      v(HUNDRED_KB),
      v(HUNDRED_KB_EMOJI),
      v(`x${'y'.repeat(max)}x`),
      v('with\u0000nul'),
    ],
    arbitrary: fc.oneof(
      notString.filter((value) => value !== null).map(v),
      tooLong(max).map(v),
      withNul.map(v),
    ),
  };
}

// prettier-ignore
const NOT_EMAILS = [
  'plainaddress', '@example.com', 'user@', 'user@localhost', 'user@@example.com',
  'us er@example.com', 'user@exa mple.com', 'user@example.', '.@.', 'user\u0000x@example.com',
  '🔧@🔨', `${'a'.repeat(250)}@example.com`,
];

export const badEmail: FieldSpec = {
  edges: [missing, ...notStringEdges, ...blanks.map(v), ...NOT_EMAILS.map(v), v(HUNDRED_KB)],
  arbitrary: fc.oneof(
    fc.constant(missing),
    notString.map(v),
    fc.constantFrom(...NOT_EMAILS).map(v),
    unicodeText.filter((text) => !text.includes('@')).map(v),
    // No "@": never an email.
    fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
      .filter((text) => !text.includes('@'))
      .map(v),
    // A NUL in an otherwise fine address.
    fc
      .tuple(fc.stringMatching(/^[a-z]{1,8}$/), fc.stringMatching(/^[a-z]{1,8}$/))
      .map(([user, domain]) => v(`${user}\u0000@${domain}.example`)),
  ),
};

export const badPassword: FieldSpec = {
  edges: [missing, ...notStringEdges, v(''), v('12345'), v('x'.repeat(129)), v(HUNDRED_KB)],
  arbitrary: fc.oneof(
    fc.constant(missing),
    notString.map(v),
    fc.string({ unit: 'binary-ascii', maxLength: 5 }).map(v),
    fc.string({ unit: 'binary-ascii', minLength: 129, maxLength: 300 }).map(v),
  ),
};

const isUuid = (text: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);

/** A reference to a row by id: never an existing one (random uuids included: they exist nowhere). */
export const badUuidRef: FieldSpec = {
  edges: [
    missing,
    ...notStringEdges,
    v(''),
    v('not-a-uuid'),
    v('00000000-0000-0000-0000-000000000000'),
    v('ffffffff-ffff-4fff-bfff-ffffffffffff'),
    v("' OR '1'='1"),
    v('1; DROP TABLE tools; --'),
    v(HUNDRED_KB),
    v('\u0000'),
  ],
  arbitrary: fc.oneof(
    fc.constant(missing),
    notString.map(v),
    fc.uuid().map(v),
    fc.uuid().map((id) => v(`${id.slice(0, -1)}z`)),
    fc.uuid().map((id) => v(`${id}\u0000`)),
    unicodeText.map(v),
    fc
      .string({ unit: 'grapheme', maxLength: 40 })
      .filter((text) => !isUuid(text))
      .map(v),
  ),
};

// prettier-ignore
const NON_FINITE_LITERALS = [
  '1e999', '-1e999', '1e308', '-1e308', '123456789012345678901234567890',
];

/** An integer field valid in [min, max]: everything else. */
export function badInteger(min: number, max: number): FieldSpec {
  const edges: Bad[] = [
    missing,
    ...notNumberEdges,
    v(min - 1),
    v(max + 1),
    v(min + 0.5),
    v(Number.MAX_SAFE_INTEGER + 2),
    ...NON_FINITE_LITERALS.map(raw),
    raw(`${min}.5`),
    raw('1E400'),
  ];
  // -0 is the integer 0: invalid only where 0 is.
  if (min > 0) edges.push(raw('-0'), raw('-0.0'));
  return {
    edges,
    arbitrary: fc.oneof(
      fc.constant(missing),
      notNumber.map(v),
      fc.integer({ max: min - 1 }).map(v),
      fc.integer({ min: max + 1 }).map(v),
      fc
        .double({ noNaN: true, noDefaultInfinity: true })
        .filter((x) => !Number.isInteger(x))
        .map(v),
      fc.constantFrom(...NON_FINITE_LITERALS).map(raw),
    ),
  };
}

/** A price in dollars: positive, at most 1,000,000, at most two decimals. */
export const badPrice: FieldSpec = {
  edges: [
    missing,
    ...notNumberEdges,
    v(0),
    v(-1),
    v(0.001),
    v(12.345),
    v(1_000_000.01),
    raw('-0'),
    ...NON_FINITE_LITERALS.map(raw),
  ],
  arbitrary: fc.oneof(
    fc.constant(missing),
    notNumber.map(v),
    fc.double({ max: 0, noNaN: true }).map(v),
    fc.double({ min: 1_000_000.01, noNaN: true }).map(v),
    fc
      .integer({ min: 1, max: 1_000_000_000 })
      .map((thousandths) => thousandths / 1000)
      .filter((price) => Math.abs(price * 100 - Math.round(price * 100)) > 1e-6)
      .map(v),
    fc.constantFrom(...NON_FINITE_LITERALS).map(raw),
  ),
};

/** A part number: 3–32 characters of A–Z, 0–9 and `-` (any case); left out it is valid (the shop assigns one). */
export const badSku: FieldSpec = {
  edges: [
    ...notStringEdges,
    ...[
      '',
      '  ',
      'AB',
      'A'.repeat(33),
      'WR 1012',
      'WR_1012',
      'WR-1012!',
      'ÜBER-1',
      'WR\u00001012',
    ].map(v),
    v(HUNDRED_KB),
  ],
  arbitrary: fc.oneof(
    notString.map(v),
    fc.string({ maxLength: 2 }).map(v),
    tooLong(32).map(v),
    fc
      .string({ unit: 'grapheme', minLength: 3, maxLength: 12 })
      .filter((text) => !/^[A-Za-z0-9-]+$/.test(text.trim()))
      .map(v),
  ),
};

/**
 * Price breaks for a product of $2.50 with a minimum order of 1: at most 5, thresholds rising above 1, prices falling
 * below $2.50. Left out they are valid (none).
 */
export function badPriceBreaks(): FieldSpec {
  const priced = (minQuantity: unknown, price: unknown) => [{ minQuantity, price }];
  return {
    edges: [
      ...notStringEdges.filter((bad) => !('value' in bad && Array.isArray(bad.value))),
      v('[]'),
      v([null]),
      v([{}]),
      v(Array.from({ length: 6 }, (_, i) => ({ minQuantity: 10 + i, price: 2 - i / 10 }))),
      v(priced(1, 2)),
      v(priced(0, 2)),
      v(priced(10.5, 2)),
      v(priced('10', 2)),
      v(priced(10, 2.5)),
      v(priced(10, 0)),
      v(priced(10, 1.999)),
      v(priced(10, '2')),
      v([
        { minQuantity: 20, price: 2 },
        { minQuantity: 10, price: 1.5 },
      ]),
      v([
        { minQuantity: 10, price: 2 },
        { minQuantity: 20, price: 2 },
      ]),
    ],
    arbitrary: fc.oneof(
      notString.filter((value) => !Array.isArray(value)).map(v),
      fc.array(fc.oneof(notNumber, anyJson), { minLength: 1, maxLength: 3 }).map(v),
      fc.integer({ min: -5, max: 1 }).map((minQuantity) => v(priced(minQuantity, 2))),
      fc.double({ min: 2.5, max: 1e6, noNaN: true }).map((price) => v(priced(10, price))),
    ),
  };
}

// prettier-ignore
const BAD_IMAGES = [
  'javascript:alert(1)', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=', 'ftp://example.com/x.png',
  '//attacker.example/x.png', 'images/x.png', 'http://', 'https:// x', '\\\\server\\share\\x.png',
  'http://exa mple.com/x.png', 'https://example.com/\u0000.png',
  `https://example.com/${'a'.repeat(2000)}`,
];

/** An image reference (http(s) URL or a site path). `required`: "" and a missing field are bad too. */
export function badImage(required: boolean): FieldSpec {
  const edges: Bad[] = [
    ...notStringEdges.filter((bad) => required || !('value' in bad && bad.value === null)),
    ...BAD_IMAGES.map(v),
    v(HUNDRED_KB),
  ];
  if (required) edges.push(missing, v(''), v('   '));
  return {
    edges,
    arbitrary: fc.oneof(
      notString.filter((value) => required || value !== null).map(v),
      fc.constantFrom(...BAD_IMAGES).map(v),
      fc
        .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
        .filter(
          (text) =>
            text.trim() !== '' && !/^\//.test(text.trim()) && !/^https?:\/\//i.test(text.trim()),
        )
        .map(v),
    ),
  };
}

/** Identifiers that exist nowhere (transaction ids, client secrets): random text and wrong types. */
export function unknownToken(max: number): FieldSpec {
  return {
    edges: [
      missing,
      ...notStringEdges,
      ...blanks.map(v),
      v('x'.repeat(max + 1)),
      v(HUNDRED_KB),
      v('pi_test_unknown'),
      v('pi_test_unknown\u0000'),
      v('\u0000'),
      v("' OR 1=1 --"),
    ],
    arbitrary: fc.oneof(
      fc.constant(missing),
      notString.map(v),
      fc
        .string({ unit: 'grapheme', minLength: 1, maxLength: 60 })
        .filter((text) => text.trim() !== '')
        .map(v),
      fc.string({ minLength: 1, maxLength: 20 }).map((text) => v(`pi_test_${text}`)),
      unicodeText.map(v),
      withNul.map(v),
    ),
  };
}

/** One body built from a valid base with some fields replaced by bad values. */
function serialise(
  base: Record<string, unknown>,
  bads: Record<string, Bad>,
  extra: Record<string, unknown> = {},
) {
  const body: Record<string, unknown> = { ...base };
  const literals = new Map<string, string>();
  for (const [field, bad] of Object.entries(bads)) {
    if ('missing' in bad) delete body[field];
    else if ('raw' in bad) {
      const marker = `__raw_${literals.size}__`;
      literals.set(marker, bad.raw);
      body[field] = marker;
    } else body[field] = bad.value;
  }
  // Unknown fields ride along; they must change nothing.
  for (const [key, value] of Object.entries(extra)) if (!(key in base)) body[key] = value;
  let text = JSON.stringify(body);
  for (const [marker, literal] of literals) text = text.replace(`"${marker}"`, literal);
  const label = Object.entries(bads)
    .map(
      ([field, bad]) =>
        `${field}=${'missing' in bad ? '<missing>' : 'raw' in bad ? bad.raw : JSON.stringify(bad.value)}`,
    )
    .join(', ');
  return { text, label };
}

// prettier-ignore
const MALFORMED_JSON = [
  '', '{', '}', '{"a":', "{'a': 1}", '{"a": 1,}', '[1, 2', '{"a": 1}{"b": 2}', 'nul', 'undefined',
  'NaN', 'Infinity', '{"a": NaN}', '{"a": Infinity}', '{"a": 0x10}', '{"a": 01}', '{"a": .5}',
  '{"a": "unterminated}', '{"a": "\\x41"}', '\u0000', '{"a":"\u0000"', '<xml/>', '--boundary',
];

// prettier-ignore
const WRONG_CONTENT_TYPES = [
  null, 'text/plain', 'text/json', 'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x', 'application/xml', 'application/octet-stream',
  'application/jso',
];

const malformedJson = fc.oneof(
  fc.constantFrom(...MALFORMED_JSON),
  fc.string({ unit: 'grapheme', maxLength: 40 }).filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  }),
);

/** Top-level JSON that is not an object (the valid body wrapped in an array among them). */
const nonObject = (base: Record<string, unknown>) =>
  fc.oneof(
    fc.constantFrom<unknown>(null, true, false, 0, 1e308, '', 'body', [], [base], [[base]]),
    fc.array(anyJson, { maxLength: 4 }),
    fc.string({ maxLength: 20 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );

const extraFields = fc.oneof(
  fc.constant({}),
  fc.constant({ role: 'admin', isAdmin: true, _id: '00000000-0000-4000-8000-000000000009' }),
  fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 3 }),
);

/**
 * At least `count` bad bodies for a route whose valid body is `base`: every field edge alone, then a sample of
 * single- and multi-field breakages, malformed JSON, wrong content types and non-object bodies.
 */
export function badBodies(
  base: Record<string, unknown>,
  fields: Record<string, FieldSpec>,
  count: number,
  seed: number,
): BodySpec[] {
  const json = 'application/json';
  const bodies: BodySpec[] = [];
  for (const [field, spec] of Object.entries(fields)) {
    for (const bad of spec.edges)
      bodies.push({ contentType: json, ...serialise(base, { [field]: bad }) });
  }
  for (const text of MALFORMED_JSON)
    bodies.push({
      text,
      contentType: json,
      label: `malformed JSON ${JSON.stringify(text.slice(0, 20))}`,
    });
  for (const contentType of WRONG_CONTENT_TYPES)
    bodies.push({
      text: JSON.stringify(base),
      contentType,
      label: `valid body as ${contentType ?? 'no content type'}`,
    });

  const names = Object.keys(fields);
  const oneField = fc
    .constantFrom(...names)
    .chain((field) => fc.tuple(fc.constant(field), fields[field]!.arbitrary, extraFields))
    .map(([field, bad, extra]) => ({
      contentType: json,
      ...serialise(base, { [field]: bad }, extra),
    }));
  const severalFields = fc
    .shuffledSubarray(names, { minLength: Math.min(2, names.length) })
    .chain((chosen) =>
      fc.tuple(
        ...chosen.map((field) => fields[field]!.arbitrary.map((bad) => [field, bad] as const)),
      ),
    )
    .map((pairs) => ({ contentType: json, ...serialise(base, Object.fromEntries(pairs)) }));
  const broken = fc.oneof(
    { weight: 6, arbitrary: oneField },
    { weight: 2, arbitrary: severalFields },
    {
      weight: 1,
      arbitrary: malformedJson.map((text) => ({
        text,
        contentType: json,
        label: `malformed JSON ${JSON.stringify(text.slice(0, 20))}`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...WRONG_CONTENT_TYPES),
          fc.constantFrom(JSON.stringify(base), 'a=1&b=2'),
        )
        .map(([contentType, text]) => ({
          text,
          contentType,
          label: `wrong content type ${contentType}`,
        })),
    },
    {
      weight: 1,
      arbitrary: nonObject(base).map((value) => ({
        text: JSON.stringify(value),
        contentType: json,
        label: `non-object body ${JSON.stringify(value).slice(0, 40)}`,
      })),
    },
  );
  bodies.push(...fc.sample(broken, { numRuns: Math.max(count - bodies.length, 120), seed }));
  return bodies;
}

/** Percent-encodes a path segment, dots too; lone surrogates become (invalid UTF-8) %ED%xx%xx escapes. */
export function segment(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%ED%${(0xa0 | ((code >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    } else out += encodeURIComponent(char).replace(/\./g, '%2E');
  }
  return out;
}

/** Path segments sent verbatim: malformed percent-encoding, invalid UTF-8, NUL, traversal, injections. */
// prettier-ignore
export const RAW_SEGMENTS = [
  '%', '%%', '%zz', '%G0', '%FF', '%C0%AF', '%ED%A0%80', '%E2%82', '%00', 'a%00b', '%2E%2E',
  '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd', '%2F', '%5C', '%20', '%E2%80%AE', 'null', 'undefined', 'NaN',
  '-1', '0', '1e999', '%27%20OR%20%271%27%3D%271', '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  'a'.repeat(2000), segment('🔧'.repeat(200)), segment(RTL), segment(ZALGO),
];

const weirdText = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }),
  fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 40 }),
);

/** Weird values for an id path parameter (ids that exist nowhere). */
export function weirdIdSegments(count: number, seed: number): string[] {
  const arbitrary = fc.oneof(
    { weight: 4, arbitrary: weirdText.map(segment) },
    { weight: 2, arbitrary: fc.uuid().map(String) },
    { weight: 1, arbitrary: fc.uuid().map((id) => `${id}%00`) },
    { weight: 1, arbitrary: fc.uuid().map((id) => `${id}${segment("'--")}`) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
  return [
    ...RAW_SEGMENTS,
    ...fc.sample(arbitrary, { numRuns: count - RAW_SEGMENTS.length, seed }),
  ].filter((value) => value !== '');
}

/** Weird values for an email path parameter (addresses nobody has). */
export function weirdEmailSegments(count: number, seed: number): string[] {
  const arbitrary = fc.oneof(
    { weight: 3, arbitrary: weirdText.map(segment) },
    { weight: 2, arbitrary: fc.emailAddress().map((email) => segment(`nobody.${email}`)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.stringMatching(/^[a-z]{1,8}$/),
          fc.constantFrom('%00', '%0A', '%20', '%E2%80%AE', '%F0%9F%94%A7'),
        )
        .map(([user, special]) => `${user}${special}%40example.com`),
    },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
  const fixed = [
    ...RAW_SEGMENTS,
    'nobody%40example.com',
    'NOBODY%40EXAMPLE.COM',
    'a%00b%40example.com',
    `${'a'.repeat(300)}%40example.com`,
    segment('🔧@🔨.example'),
  ];
  return [...fixed, ...fc.sample(arbitrary, { numRuns: count - fixed.length, seed })].filter(
    (value) => value !== '',
  );
}

/** Page and limit values that are not a page number from 1 or a limit from 1 to 200. */
// prettier-ignore
const ODD_NUMBERS = [
  '0', '-1', '1.5', 'abc', '', ' ', '1e999', 'Infinity', '-Infinity', 'NaN', '201', '1e300',
  '9'.repeat(400), '%00', '%zz', '%', '١', '0x10', '1_000', 'null', '[]', '{}',
];

/** Query strings that name page or limit oddly. */
// prettier-ignore
const ODD_QUERIES = [
  'page', 'limit', 'page=&limit=', 'page[]=1', 'page[a]=1', '&&&', '=', '?', 'limit=1&limit=500',
  `page=${HUNDRED_KB.slice(0, 8000)}`,
];

/** Query strings for GET /api/order?page=&limit= that are invalid or odd. */
export function weirdOrderQueries(count: number, seed: number): string[] {
  const badNumber = fc.oneof(
    fc.constantFrom(...ODD_NUMBERS),
    fc.integer({ max: 0 }).map(String),
    fc.integer({ min: 201 }).map(String),
    fc
      .double({ noNaN: true })
      .filter((x) => !Number.isInteger(x))
      .map(String),
    weirdText.map(segment),
  );
  const query = fc.oneof(
    badNumber.map((value) => `page=${value}`),
    badNumber.map((value) => `limit=${value}`),
    fc.tuple(badNumber, badNumber).map(([page, limit]) => `page=${page}&limit=${limit}`),
    fc
      .tuple(badNumber, fc.integer({ min: 1, max: 200 }))
      .map(([page, limit]) => `page=${page}&limit=${limit}&page=1`),
    fc.constantFrom(...ODD_QUERIES),
  );
  return fc.sample(query, { numRuns: count, seed });
}
