import type {
  FAQPage,
  ItemList,
  Organization,
  Person,
  Product,
  WebSite,
  WithContext,
} from 'schema-dts';
import { CONTACT } from '@/config/contact';
import { productPath } from '@/lib/tools/product-path';
import { isOutOfStock } from '@/lib/tools/stock';
import type { ReviewDto, ToolDto } from '@/lib/types';

const SHOP_NAME = CONTACT.organization;

/** The manufacturer behind the shop, with the contact block's address and phone. */
export function organizationJsonLd(origin: string): WithContext<Organization> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name: SHOP_NAME,
    url: `${origin}/`,
    logo: new URL('/images/favicon.svg', origin).toString(),
    address: {
      '@type': 'PostalAddress',
      streetAddress: CONTACT.streetAddress,
      addressLocality: CONTACT.city,
      postalCode: CONTACT.postalCode,
      addressCountry: CONTACT.countryCode,
    },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      telephone: CONTACT.phone.tel,
      availableLanguage: 'en',
      hoursAvailable: {
        '@type': 'OpeningHoursSpecification',
        opens: '00:00',
        closes: '23:59',
        dayOfWeek: [
          'https://schema.org/Monday',
          'https://schema.org/Tuesday',
          'https://schema.org/Wednesday',
          'https://schema.org/Thursday',
          'https://schema.org/Friday',
          'https://schema.org/Saturday',
          'https://schema.org/Sunday',
        ],
      },
    },
  };
}

export function webSiteJsonLd(origin: string): WithContext<WebSite> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${origin}/#website`,
    name: SHOP_NAME,
    url: `${origin}/`,
    publisher: { '@id': `${origin}/#organization` },
  };
}

function productJsonLd(origin: string, tool: ToolDto): Product {
  return {
    '@type': 'Product',
    name: tool.name,
    sku: tool.sku,
    description: tool.about,
    image: new URL(tool.image, origin).toString(),
    url: new URL(productPath(tool), origin).toString(),
    brand: { '@type': 'Brand', name: SHOP_NAME },
    offers: {
      '@type': 'Offer',
      price: tool.price.toFixed(2),
      priceCurrency: 'USD',
      availability: isOutOfStock(tool)
        ? 'https://schema.org/OutOfStock'
        : 'https://schema.org/InStock',
      // Sold in bulk: the minimum order, in pieces (UN/CEFACT code H87 = piece).
      eligibleQuantity: {
        '@type': 'QuantitativeValue',
        minValue: tool.min_quantity,
        unitCode: 'H87',
        unitText: 'pieces',
      },
      seller: { '@id': `${origin}/#organization` },
    },
  };
}

/** A product page: the tool, its offer and the reviews shown on the page (with their average). */
export function productPageJsonLd(
  origin: string,
  tool: ToolDto,
  reviews: readonly ReviewDto[],
): WithContext<Product> {
  const rated = reviews.length > 0;
  const average = rated
    ? reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length
    : 0;
  return {
    '@context': 'https://schema.org',
    ...productJsonLd(origin, tool),
    ...(rated && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: average.toFixed(1),
        reviewCount: reviews.length,
        bestRating: 5,
        worstRating: 0,
      },
      review: reviews.map((review) => ({
        '@type': 'Review',
        author: { '@type': 'Person', name: review.userName },
        datePublished: review.createdAt.slice(0, 10),
        reviewBody: review.userReview,
        reviewRating: {
          '@type': 'Rating',
          ratingValue: review.rating,
          bestRating: 5,
          worstRating: 0,
        },
      })),
    }),
  };
}

/** A page of the catalogue; `firstPosition` continues the numbering across pages. */
export function catalogueJsonLd(
  origin: string,
  tools: ToolDto[],
  firstPosition: number,
): WithContext<ItemList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: 'All tools',
    itemListElement: tools.map((tool, index) => ({
      '@type': 'ListItem',
      position: firstPosition + index,
      item: productJsonLd(origin, tool),
    })),
  };
}

export function faqJsonLd(questions: { question: string; answer: string }[]): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: questions.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  };
}

export interface PortfolioOwner {
  name: string;
  role: string;
  email: string;
  linkedIn: string;
  skills: readonly string[];
}

export function personJsonLd(origin: string, owner: PortfolioOwner): WithContext<Person> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: owner.name,
    jobTitle: owner.role,
    email: `mailto:${owner.email}`,
    url: `${origin}/portfolio`,
    sameAs: [owner.linkedIn],
    knowsAbout: [...owner.skills],
    worksFor: { '@id': `${origin}/#organization` },
  };
}
