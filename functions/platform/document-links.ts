import { notFound } from './errors';
import { documentObjectKey, keys } from './keys';
import { documentRecord } from './records';
import { getItem } from './table';
import { downloadSeconds, presignDownload } from './uploads';

/** A short-lived presigned GET of one accepted document of one company: the key names the company, so no other. */
export async function documentLink(companyId: string, documentId: string): Promise<{ url: string; expiresInSeconds: number }> {
  const item = await getItem(keys.document(companyId, documentId));
  const document = item ? documentRecord.parse(item) : null;
  if (document?.status !== 'stored') throw notFound('DOCUMENT_NOT_FOUND');
  const url = await presignDownload(documentObjectKey(companyId, documentId), document.fileName, document.contentType);
  return { url, expiresInSeconds: downloadSeconds };
}
