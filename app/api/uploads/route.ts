import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, readMultipart, route } from '@/lib/http';
import { storePhoto } from '@/lib/uploads/store';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, uploadFormSchema } from '@/lib/validation/uploads';

/** A photo (multipart, field `file`): an admin's product photo or a signed-in customer's review image. */
export const POST = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const { file } = await readMultipart(
    request,
    uploadFormSchema,
    MAX_UPLOAD_BYTES,
    UPLOAD_MESSAGES.tooLarge,
  );
  const stored = await storePhoto(actor, new Uint8Array(await file.arrayBuffer()));
  return Response.json(stored, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
