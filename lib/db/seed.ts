import { sql } from 'drizzle-orm';
import { getDb } from './client';
import { reviews, tools, type NewTool } from './schema';

export const DEMO_ADMIN = {
  email: 'admin@toolhaus.test',
  password: 'admin-demo-2022',
  name: 'Demo Admin',
};

const catalogue: NewTool[] = [
  {
    sku: 'DR-1850',
    name: '18V Cordless Drill Driver',
    about:
      'Brushless 18V drill with a 13 mm metal chuck, 2-speed gearbox and 60 Nm of torque. Sold with two 2.0 Ah batteries per unit; ideal for fit-out crews and rental fleets.',
    priceCents: 8950,
    quantity: 1200,
    minQuantity: 50,
    image: '/images/tools/cordless-drill.svg',
    priceBreaks: [
      { minQuantity: 250, priceCents: 8450 },
      { minQuantity: 1000, priceCents: 7990 },
    ],
  },
  {
    sku: 'AG-1250',
    name: '125 mm Angle Grinder',
    about:
      '900 W angle grinder with anti-kickback clutch, tool-free guard adjustment and a side handle. Takes standard 125 mm cutting and grinding discs.',
    priceCents: 4575,
    quantity: 800,
    minQuantity: 40,
    image: '/images/tools/angle-grinder.svg',
    priceBreaks: [{ minQuantity: 200, priceCents: 4290 }],
  },
  {
    sku: 'HM-1016',
    name: '16 oz Claw Hammer',
    about:
      'Drop-forged steel head with a magnetic nail starter and a fibreglass shaft that damps vibration. Balanced for all-day framing work.',
    priceCents: 1290,
    quantity: 5000,
    minQuantity: 100,
    image: '/images/tools/claw-hammer.svg',
    priceBreaks: [
      { minQuantity: 500, priceCents: 1190 },
      { minQuantity: 1000, priceCents: 1095 },
      { minQuantity: 2500, priceCents: 950 },
    ],
  },
  {
    sku: 'WR-1010',
    name: '10" Adjustable Wrench',
    about:
      'Chrome-vanadium adjustable wrench opening to 30 mm, with laser-etched metric and imperial scales and a slim jaw for tight spaces.',
    priceCents: 1650,
    quantity: 3000,
    minQuantity: 100,
    image: '/images/tools/adjustable-wrench.svg',
    priceBreaks: [
      { minQuantity: 500, priceCents: 1525 },
      { minQuantity: 1000, priceCents: 1450 },
    ],
  },
  {
    sku: 'CS-1185',
    name: '185 mm Circular Saw',
    about:
      '1500 W circular saw with 65 mm cutting depth, 0–45° bevel, electric brake and a 24-tooth carbide blade. Dust port fits standard extractors.',
    priceCents: 11900,
    quantity: 450,
    minQuantity: 20,
    image: '/images/tools/circular-saw.svg',
    priceBreaks: [{ minQuantity: 100, priceCents: 11200 }],
  },
  {
    sku: 'SD-1032',
    name: '32-piece Screwdriver Set',
    about:
      'Slotted, Phillips, Pozidriv and Torx bits with a ratcheting handle and magnetic holder, packed in a shock-proof case for site kits.',
    priceCents: 2425,
    quantity: 2500,
    minQuantity: 60,
    image: '/images/tools/screwdriver-set.svg',
  },
  {
    sku: 'TM-1008',
    name: '8 m Tape Measure',
    about:
      'Nylon-coated 25 mm blade with a 3 m stand-out, a rubber over-moulded case and a magnetic hook. Class II accuracy.',
    priceCents: 895,
    quantity: 6000,
    minQuantity: 200,
    image: '/images/tools/tape-measure.svg',
    priceBreaks: [
      { minQuantity: 1000, priceCents: 825 },
      { minQuantity: 2500, priceCents: 775 },
    ],
  },
  {
    sku: 'WR-1014',
    name: '14" Pipe Wrench',
    about:
      'Ductile-iron body with hardened, self-cleaning jaws for pipes up to 50 mm. Replaceable hook jaw and heel jaw extend its service life.',
    priceCents: 2890,
    quantity: 900,
    minQuantity: 30,
    image: '/images/tools/pipe-wrench.svg',
    priceBreaks: [{ minQuantity: 100, priceCents: 2690 }],
  },
];

const demoReviews = [
  {
    toolName: '18V Cordless Drill Driver',
    userName: 'Maria Gonzales',
    email: 'maria@example.com',
    userReview:
      'We equipped two crews with these drills. Batteries last a full shift and not one chuck has slipped in three months.',
    rating: 5,
  },
  {
    toolName: '125 mm Angle Grinder',
    userName: 'Rafiq Hasan',
    email: 'rafiq@example.com',
    userReview:
      'Solid grinder for the price. The guard adjusts without a key, which our welders love. Slightly loud.',
    rating: 4,
  },
  {
    toolName: '16 oz Claw Hammer',
    userName: 'Tom Becker',
    email: 'tom@example.com',
    userReview:
      'Good balance and the magnetic starter saves fingers. Delivery of 300 units arrived two days early.',
    rating: 5,
  },
  {
    toolName: '8 m Tape Measure',
    userName: 'Aisha Khan',
    email: 'aisha@example.com',
    userReview:
      'Blade stand-out is as advertised. The hook bent on one unit out of two hundred; support replaced it quickly.',
    rating: 4,
  },
];

/** Loads the demo catalogue and reviews; tools that already exist by name are left alone. */
export async function seedCatalogue(): Promise<{ tools: number; reviews: number }> {
  const db = getDb();
  const inserted = await db.transaction(async (tx) => {
    const existing = new Set(
      (await tx.select({ name: tools.name }).from(tools)).map((row) => row.name),
    );
    const newTools = catalogue.filter((tool) => !existing.has(tool.name));
    // A SKU an admin already gave another tool keeps that tool; the demo one is skipped.
    const added =
      newTools.length > 0
        ? await tx.insert(tools).values(newTools).onConflictDoNothing().returning({ id: tools.id })
        : [];
    const [{ count }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(reviews)) as [
      { count: number },
    ];
    if (count === 0) await tx.insert(reviews).values(demoReviews);
    return { tools: added.length, reviews: count === 0 ? demoReviews.length : 0 };
  });
  return inserted;
}

export async function isEmptyDatabase(): Promise<boolean> {
  const [row] = await getDb()
    .select({ count: sql<number>`count(*)::int` })
    .from(tools);
  return (row?.count ?? 0) === 0;
}
