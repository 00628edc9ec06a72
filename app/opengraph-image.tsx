import { renderShareCard } from '@/components/seo/share-card';
import { SHARE_CARD_SIZE, SHARE_IMAGES } from '@/lib/seo/page-metadata';

export const alt = SHARE_IMAGES.site.alt;
export const size = SHARE_CARD_SIZE;
export const contentType = 'image/png';

export default function Image() {
  return renderShareCard(
    'Industrial tools in bulk',
    'Factory prices per unit, clear minimum orders, secure card payment',
  );
}
