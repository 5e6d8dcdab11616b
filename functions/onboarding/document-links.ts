import { notFound } from '../platform/errors';
import { documentObjectKey, keys } from '../platform/keys';
import { documentRecord } from './application-records';
import { getItem } from '../platform/table';
import { downloadSeconds, presignDownload } from '../platform/uploads';

/** A short-lived presigned GET of one accepted document of one company: the key names the company, so no other. */
export async function documentLink(companyId: string, documentId: string): Promise<{ url: string; expiresInSeconds: number }> {
  const item = await getItem(keys.document(companyId, documentId));
  const document = item ? documentRecord.parse(item) : null;
  if (document?.status !== 'stored') throw notFound('DOCUMENT_NOT_FOUND');
  const url = await presignDownload(documentObjectKey(companyId, documentId), document.fileName, document.contentType);
  return { url, expiresInSeconds: downloadSeconds };
}
