'use client';

import { useRouter } from 'next/navigation';

/** Back to the previous page, or home when the tool page was opened directly (no history to go back to). */
export function GoBackButton() {
  const router = useRouter();
  const goBack = () => (window.history.length > 1 ? router.back() : router.push('/'));
  return (
    <button type="button" className="btn btn-outline" onClick={goBack}>
      Go back
    </button>
  );
}
