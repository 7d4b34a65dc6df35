import type { ApiClient, UploadOptions } from "@/lib/api-client";
import type { ApiContent } from "@/lib/api-schema";

/** What `POST user/file` answers: the reference forms carry, the name, kind and size. */
export type FileReference = ApiContent<"/user/file", "post">;

/** The multipart field that carries the file. */
const FILE_FIELD = "file";

/**
 * `POST user/file` (multipart, field `file`): stores one document and answers its reference.
 * A refusal (102) carries one field error naming the file; `options` reports the progress and
 * aborts the upload.
 */
export function uploadFile(
  api: ApiClient,
  file: File,
  options: Pick<UploadOptions, "onProgress" | "signal"> = {},
) {
  const form = new FormData();
  form.append(FILE_FIELD, file, file.name);
  return api.upload<FileReference>("user/file", form, options);
}

/**
 * `GET user/file/{reference}`: an uploaded document's bytes, for its owner (the preview of a
 * saved draft's image). Kept beside the upload: the two are one resource.
 */
export function readUploadedFile(api: ApiClient, reference: string, signal?: AbortSignal) {
  return api.readFile(`user/file/${encodeURIComponent(reference)}`, { signal });
}
