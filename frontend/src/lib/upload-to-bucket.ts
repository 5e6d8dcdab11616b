import { ApiError, clientErrorCodes } from './api-error';

/** A presigned POST as the API hands it out: the browser sends `fields` and then the file as form data to `url`. */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

/**
 * Sends a file from the browser straight to the bucket with a presigned POST (DESIGN section 8: Lambda's payload limit
 * rules out the API). XMLHttpRequest rather than fetch because only it reports upload progress. The API checks the
 * stored bytes afterwards; this only says whether the bucket took the file.
 */
export function uploadToBucket(upload: PresignedPost, file: Blob, fileName: string, onProgress?: (fraction: number) => void): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  // S3 reads the fields first: the file must be the last part.
  form.append('file', file, fileName);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', upload.url);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        resolve();
        return;
      }
      // S3 answers 400 when the policy refuses the file (too large): the same as the server's own check would say.
      reject(new ApiError(request.status, request.status === 400 ? 'FILE_TOO_LARGE' : 'UPLOAD_MISSING', 'Upload refused'));
    });
    const failed = () => reject(new ApiError(0, clientErrorCodes.network, 'Upload failed'));
    request.addEventListener('error', failed);
    request.addEventListener('abort', failed);
    request.send(form);
  });
}
