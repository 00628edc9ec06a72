import { LoadingDots } from '@/components/loading-dots';
import { errorMessage } from '@/components/forms/error-message';

/** What a client list shows before it has rows: the pulsing dots while loading, else the load error. */
export function ListFallback({ error }: { error: unknown }) {
  if (!error) return <LoadingDots />;
  return (
    <p role="alert" className="text-error">
      {errorMessage(error, 'Could not load the list, please reload the page')}
    </p>
  );
}
