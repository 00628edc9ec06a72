'use client';

import { useId, useState, type ChangeEvent } from 'react';
import { errorMessage } from '@/components/forms/error-message';
import { ApiError, apiRequest } from '@/lib/client/api';

interface PhotoUploadProps {
  /** What the picker is for, as its label says it: "Upload a photo". */
  label: string;
  /** Receives the stored photo's address, which the form's image field then holds. */
  onUploaded: (url: string) => void;
  /** What the form does with the photo, said once it is uploaded. */
  uploadedNote?: string;
}

/**
 * A file picker that uploads the chosen photo at once (POST /api/uploads) and hands back its address. The server
 * checks and re-encodes it; its refusal (type, size, pixels, quota) shows under the picker.
 */
export function PhotoUpload({
  label,
  onUploaded,
  uploadedNote = 'Uploaded: the image field now holds its address.',
}: PhotoUploadProps) {
  const id = useId();
  const [state, setState] = useState<{ busy: boolean; error: string | null; done: boolean }>({
    busy: false,
    error: null,
    done: false,
  });

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setState({ busy: true, error: null, done: false });
    const form = new FormData();
    form.set('file', file);
    try {
      const { url } = await apiRequest<{ url: string }>('POST', '/api/uploads', form);
      onUploaded(url);
      setState({ busy: false, error: null, done: true });
    } catch (cause) {
      const message =
        cause instanceof ApiError ? (cause.fields.file ?? cause.message) : errorMessage(cause);
      setState({ busy: false, error: message, done: false });
    }
  }

  return (
    <div className="flex w-full flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="file-input w-full"
        disabled={state.busy}
        aria-invalid={state.error ? true : undefined}
        aria-describedby={`${id}-note`}
        onChange={upload}
      />
      <p
        id={`${id}-note`}
        className={`text-sm ${state.error ? 'text-error' : 'text-base-content/70'}`}
        role={state.error ? 'alert' : 'status'}
      >
        {state.error ??
          (state.busy
            ? 'Uploading…'
            : state.done
              ? uploadedNote
              : 'JPEG, PNG or WebP, up to 5 MB.')}
      </p>
    </div>
  );
}
