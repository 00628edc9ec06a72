import { LoadingDots } from '@/components/loading-dots';

export default function DashboardLoading() {
  return <LoadingDots />;
}
