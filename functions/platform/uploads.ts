import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { detectContentType, maxFileBytes, minFileBytes, signatureLength, type DocumentContentType, type FileProblem } from '@shared/onboarding/documents';
import { s3 } from './aws/s3';
import { documentsBucket } from './env';

const uploadSeconds = 300;
export const downloadSeconds = 60;

/**
 * A presigned POST for one object: the policy pins the key and the content type and caps the size (DESIGN section 8).
 * The browser sends the file straight to S3; Lambda's payload limit never sees it.
 */
export async function presignUpload(key: string, contentType: DocumentContentType): Promise<{ url: string; fields: Record<string, string> }> {
  return createPresignedPost(s3, {
    Bucket: documentsBucket(),
    Key: key,
    Conditions: [
      ['content-length-range', minFileBytes, maxFileBytes],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: uploadSeconds,
  });
}

export type Inspection = { problem: FileProblem | 'UPLOAD_MISSING' } | { size: number; contentType: DocumentContentType };

const missing = (error: unknown) => error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey');

/**
 * What was really stored: its size and the type its first bytes say, and the ETag of the bytes looked at. A policy is
 * not proof (an emulator, or a client that skips it), and a name or declared type proves nothing, so this is what
 * decides.
 */
async function inspectUpload(key: string, accepted: readonly DocumentContentType[]): Promise<Inspection & { etag?: string }> {
  const Bucket = documentsBucket();
  let size: number;
  let etag: string | undefined;
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket, Key: key }));
    size = head.ContentLength ?? 0;
    etag = head.ETag;
  } catch (error) {
    if (missing(error)) return { problem: 'UPLOAD_MISSING' };
    throw error;
  }
  if (size < minFileBytes) return { problem: 'FILE_EMPTY' };
  if (size > maxFileBytes) return { problem: 'FILE_TOO_LARGE' };
  const object = await s3.send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${signatureLength - 1}`, IfMatch: etag }));
  const head = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
  const contentType = detectContentType(head);
  if (!contentType || !accepted.includes(contentType)) return { problem: 'FILE_TYPE_NOT_ALLOWED' };
  return { size, contentType, etag };
}

/** The presigned POST replaced the staged bytes while they were checked: they are checked again, a few times. */
const replacedRetries = 2;

/**
 * Accepts a staged upload (stagedUploadObjectKey) into the key where it is kept. The staged bytes are checked, and
 * copied only if they are still the bytes checked (the presigned POST may write the staged key again until it
 * expires), so a refused file never reaches a kept key. A refused upload is deleted at once; an accepted one's staged
 * original is the caller's to delete once its record names the kept key (else the bucket's rule expires it).
 */
export async function keepUpload(staged: string, kept: string, accepted: readonly DocumentContentType[]): Promise<Inspection> {
  const Bucket = documentsBucket();
  for (let attempt = 0; ; attempt += 1) {
    const { etag, ...inspection } = await inspectUpload(staged, accepted);
    if ('problem' in inspection) {
      if (inspection.problem !== 'UPLOAD_MISSING') await deleteUpload(staged);
      return inspection;
    }
    try {
      await s3.send(new CopyObjectCommand({ Bucket, Key: kept, CopySource: encodeURI(`${Bucket}/${staged}`), CopySourceIfMatch: etag }));
      return inspection;
    } catch (error) {
      if (missing(error)) return { problem: 'UPLOAD_MISSING' };
      if (!(error instanceof Error && error.name === 'PreconditionFailed' && attempt < replacedRetries)) throw error;
    }
  }
}

/**
 * RFC 8187's encoding of a header parameter value: encodeURIComponent leaves ' ( ) * ! as they are, but a ' ends
 * the charset and language parts of `filename*`, so a name such as "O'Brien.pdf" would not read back.
 */
export function encodeHeaderValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A short-lived link to read one object, named as the person uploaded it. */
export function presignDownload(key: string, fileName: string, contentType: DocumentContentType): Promise<string> {
  return getSignedUrl(
    s3,
    new GetObjectCommand({
      Bucket: documentsBucket(),
      Key: key,
      ResponseContentType: contentType,
      ResponseContentDisposition: `inline; filename*=UTF-8''${encodeHeaderValue(fileName)}`,
    }),
    { expiresIn: downloadSeconds },
  );
}

export async function deleteUpload(key: string): Promise<void> {
  await s3.send(new DeleteObjectCommand({ Bucket: documentsBucket(), Key: key }));
}
