import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { acceptedTypesOf } from '@shared/onboarding/documents';
import { dynamo } from '../platform/aws/dynamo';
import { validationFailed } from '../platform/errors';
import { entities, keys, stagedUploadObjectKey, stagedUploadSeconds } from '../platform/keys';
import { companyRecord } from '../platform/identity-records';
import { getItem, tableName } from '../platform/table';
import { presignUpload } from '../platform/uploads';
import { useCase } from '../platform/use-case';
import { assertEditable } from './editable-application';
import * as onboardingRoutes from '@shared/api/routes/onboarding-routes';

export const handler = useCase(onboardingRoutes.createDocumentUpload, async ({ caller, body }) => {
  const company = companyRecord.parse(await getItem(keys.company(caller.companyId)));
  assertEditable(company.status);
  if (!acceptedTypesOf(body.kind).includes(body.contentType)) throw validationFailed({ contentType: 'FILE_TYPE_NOT_ALLOWED' });

  const documentId = randomUUID();
  await dynamo.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.document(caller.companyId, documentId),
        entity: entities.document,
        companyId: caller.companyId,
        documentId,
        kind: body.kind,
        fileName: body.fileName,
        contentType: body.contentType,
        size: body.size,
        status: 'uploading',
        uploadedAt: new Date().toISOString(),
        uploadedBy: caller.userId,
        // Not confirmed in time: the record goes by the table's TTL, its staged bytes by the bucket's rule.
        expiresAt: Math.floor(Date.now() / 1000) + stagedUploadSeconds,
      },
    }),
  );
  const upload = await presignUpload(stagedUploadObjectKey(caller.companyId, documentId), body.contentType);
  return { documentId, ...upload };
});
