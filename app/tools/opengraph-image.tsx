import { renderShareCard } from '@/components/seo/share-card';
import { SHARE_CARD_SIZE, SHARE_IMAGES } from '@/lib/seo/page-metadata';

export const alt = SHARE_IMAGES.catalogue.alt;
export const size = SHARE_CARD_SIZE;
export const contentType = 'image/png';

export default function Image() {
  return renderShareCard(
    'The whole catalogue',
    'Drills, grinders, saws, hammers and wrenches, with stock and minimum orders',
  );
}
