import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { acceptedTypesOf } from '@shared/onboarding/documents';
import { actorOfCaller, auditPut } from '../platform/audit';
import { dynamo } from '../platform/aws/dynamo';
import { DomainError, notFound } from '../platform/errors';
import { documentObjectKey, keys, stagedUploadObjectKey } from '../platform/keys';
import { documentRecord } from './application-records';
import { conditionFailed, getItem, tableName, transact } from '../platform/table';
import { deleteUpload, keepUpload } from '../platform/uploads';
import { useCase } from '../platform/use-case';
import { documentView } from './application-store';
import * as onboardingRoutes from '@shared/api/routes/onboarding-routes';

/**
 * The browser says its upload finished; the stored bytes decide. The upload is copied from staging to its kept key and
 * the copy checked: a file that is empty, too large or not an image or PDF by its first bytes is deleted (both keys)
 * with its record, and the answer says why. An accepted one's staged original goes once the record says stored; the
 * document is recorded in the company's audit log in the same transaction.
 */
export const handler = useCase(onboardingRoutes.confirmDocument, async ({ caller, params }) => {
  const key = keys.document(caller.companyId, params.documentId);
  const item = await getItem(key);
  if (!item) throw notFound('DOCUMENT_NOT_FOUND');
  const document = documentRecord.parse(item);
  if (document.status === 'stored') return documentView(document);

  const staged = stagedUploadObjectKey(caller.companyId, document.documentId);
  const kept = documentObjectKey(caller.companyId, document.documentId);
  const inspection = await keepUpload(staged, kept, acceptedTypesOf(document.kind));
  if ('problem' in inspection) {
    if (inspection.problem === 'UPLOAD_MISSING') throw new DomainError(409, 'UPLOAD_MISSING');
    await dynamo.send(new DeleteCommand({ TableName: tableName(), Key: key }));
    throw new DomainError(422, inspection.problem);
  }
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET #status = :stored, #size = :size, contentType = :type REMOVE expiresAt',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#status': 'status', '#size': 'size' },
          ExpressionAttributeValues: { ':stored': 'stored', ':size': inspection.size, ':type': inspection.contentType },
        },
      },
      auditPut({
        companyId: caller.companyId,
        actor: actorOfCaller(caller, 'company_user'),
        action: 'document.upload',
        target: { type: 'company', id: caller.companyId },
        before: {},
        after: { documentId: document.documentId, fileName: document.fileName },
        at: new Date().toISOString(),
      }),
    ]);
  } catch (error) {
    // Deleted meanwhile (the applicant removed it): nothing names the copy, so it goes too.
    if (!conditionFailed(error)) throw error;
    await deleteUpload(kept);
    throw notFound('DOCUMENT_NOT_FOUND');
  }
  await deleteUpload(staged);
  return documentView({ ...document, status: 'stored', size: inspection.size, contentType: inspection.contentType });
});
