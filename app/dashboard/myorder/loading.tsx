import { LoadingDots } from '@/components/loading-dots';

/** While the server reads My Orders (a navigation from the menu): docs/PRODUCT.md's three pulsing dots. */
export default function MyOrdersLoading() {
  return <LoadingDots />;
}
