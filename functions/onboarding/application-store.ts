import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { SignupStep } from '@shared/kyc';
import type { Application, ApplicationAction, HistoryEntry } from '@shared/onboarding/application';
import type { DocumentView } from '@shared/onboarding/documents';
import type { AfterSaving } from '@shared/onboarding/progress';
import { queuePosition } from '@shared/onboarding/progress';
import type { CompanyStatus } from '@shared/statuses';
import type { Caller } from '../platform/caller';
import { dynamo } from '../platform/aws/dynamo';
import { DomainError, notFound } from '../platform/errors';
import { documentObjectKey, entities, keys } from '../platform/keys';
import { applicationEventRecord, applicationRecord, documentRecord, type ApplicationRecord, type DocumentRecord } from './application-records';
import { companyRecord, type CompanyRecord } from '../platform/identity-records';
import { conditionFailed, getItem, queryAll, tableName, transact, type TransactItem } from '../platform/table';
import { deleteUpload } from '../platform/uploads';

export interface ApplicationSnapshot {
  company: CompanyRecord;
  application: ApplicationRecord | null;
  documents: DocumentRecord[];
}

function queryPrefix(pk: string, skPrefix: string) {
  return queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
  });
}

/** The company, its answers and its documents: three reads of the company's partition, never its employees. */
export async function readApplication(companyId: string): Promise<ApplicationSnapshot> {
  const { pk, skPrefix } = keys.documents(companyId);
  const [companyItem, applicationItem, documentItems] = await Promise.all([
    getItem(keys.company(companyId)),
    getItem(keys.application(companyId)),
    queryPrefix(pk, skPrefix),
  ]);
  if (!companyItem) throw notFound('APPLICATION_NOT_FOUND');
  return {
    company: companyRecord.parse(companyItem),
    application: applicationItem ? applicationRecord.parse(applicationItem) : null,
    documents: documentItems.map((item) => documentRecord.parse(item)),
  };
}

export async function readHistory(companyId: string): Promise<HistoryEntry[]> {
  const { pk, skPrefix } = keys.applicationEvents(companyId);
  return (await queryPrefix(pk, skPrefix)).map((item) => {
    const { companyId: _, ...entry } = applicationEventRecord.parse(item);
    return entry;
  });
}

/** What a caller sees of a document: its record without the bookkeeping. */
export function documentView({ documentId, kind, fileName, contentType, size, uploadedAt }: DocumentRecord): DocumentView {
  return { documentId, kind, fileName, contentType, size, uploadedAt };
}

export function applicationView({ company, application, documents }: ApplicationSnapshot): Application {
  return {
    companyId: company.companyId,
    companyName: company.name,
    registrationNumber: company.registrationNumber,
    status: company.status,
    kycStatus: company.kycStatus,
    steps: application?.answers ?? {},
    returnedSteps: application?.returnedSteps ?? {},
    rejectionReason: application?.rejectionReason ?? null,
    submittedAt: application?.submittedAt ?? null,
    documents: documents.filter((document) => document.status === 'stored').map(documentView),
  };
}

export interface Actor {
  name: string;
  email: string;
}

/** Who a history entry names: the signed-in person, as the provider's admins know them. */
export function actorOf(caller: Caller): Actor {
  return { name: `${caller.profile.name} ${caller.profile.surname}`, email: caller.profile.email };
}

function eventItem(companyId: string, at: string, action: ApplicationAction, actor: Actor, comment: string | null, steps: SignupStep[]): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.applicationEvent(companyId, at, randomUUID()),
        entity: entities.applicationEvent,
        companyId,
        at,
        action,
        actorName: actor.name,
        actorEmail: actor.email,
        comment,
        steps,
      },
    },
  };
}

/** The company's status moves only from the one that was read: a concurrent decision or save makes this fail. */
function companyChange(company: CompanyRecord, set: Record<string, unknown>): TransactItem {
  const names = Object.keys(set);
  return {
    Update: {
      TableName: tableName(),
      Key: keys.company(company.companyId),
      UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(', ')}`,
      ConditionExpression: '#status = :readStatus AND kycStatus = :readKyc',
      ExpressionAttributeNames: { ...Object.fromEntries(names.map((name) => [`#${name}`, name])), '#status': 'status' },
      ExpressionAttributeValues: {
        ...Object.fromEntries(names.map((name) => [`:${name}`, set[name]])),
        ':readStatus': company.status,
        ':readKyc': company.kycStatus,
      },
    },
  };
}

function applicationPut(company: CompanyRecord, read: ApplicationRecord | null, next: ApplicationRecord, status: CompanyStatus): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.application(company.companyId),
        ...keys.applicationQueue(queuePosition(status, next.submittedAt ?? next.updatedAt)),
        entity: entities.application,
        companyName: company.name,
        registrationNumber: company.registrationNumber,
        status,
        ...next,
      },
      ConditionExpression: read ? 'updatedAt = :readUpdatedAt' : 'attribute_not_exists(pk)',
      ExpressionAttributeValues: read ? { ':readUpdatedAt': read.updatedAt } : undefined,
    },
  };
}

async function commit(items: TransactItem[]): Promise<void> {
  try {
    await transact(items);
  } catch (error) {
    if (items.some((_, index) => conditionFailed(error, index))) throw new DomainError(409, 'CONFLICT');
    throw error;
  }
}

/**
 * One step's answers with the KYC status and company status they lead to, (when the step hands the application to the
 * provider) the history entry, and the save's audit record, in one transaction conditioned on what was read.
 */
export async function saveStep(
  snapshot: ApplicationSnapshot,
  step: SignupStep,
  answers: Record<string, unknown>,
  after: AfterSaving,
  actor: Actor,
  record: TransactItem,
): Promise<void> {
  const { company, application } = snapshot;
  const now = new Date().toISOString();
  const next: ApplicationRecord = {
    companyId: company.companyId,
    answers: { ...application?.answers, [step]: answers },
    returnedSteps: after.returnedSteps,
    rejectionReason: null,
    submittedAt: after.event ? now : (application?.submittedAt ?? null),
    updatedAt: now,
  };
  const items: TransactItem[] = [
    companyChange(company, { status: after.status, kycStatus: after.kycStatus }),
    applicationPut(company, application, next, after.status),
  ];
  if (after.event) items.push(eventItem(company.companyId, now, after.event, actor, null, []));
  await commit([...items, record]);
}

export type Decision =
  | { action: 'approved'; topUpAccountIBAN: string }
  | { action: 'rejected'; reason: string }
  | { action: 'returned'; steps: SignupStep[]; comment: string; kycStatus: CompanyRecord['kycStatus']; returnedSteps: ApplicationRecord['returnedSteps'] };

const decidedStatus = { approved: 'active', rejected: 'rejected', returned: 'returned' } as const satisfies Record<Decision['action'], CompanyStatus>;

/**
 * The provider's decision on a waiting application, with its history entry and its audit record in the company's log.
 * Approval also opens the main account and claims its top-up IBAN, so an approved company always has both.
 */
export async function recordDecision(snapshot: ApplicationSnapshot, decision: Decision, actor: Actor, record: TransactItem, told: readonly TransactItem[] = []): Promise<CompanyStatus> {
  const { company, application } = snapshot;
  if (!application) throw notFound('APPLICATION_NOT_FOUND');
  const now = new Date().toISOString();
  const status = decidedStatus[decision.action];
  const next: ApplicationRecord = {
    ...application,
    returnedSteps: decision.action === 'returned' ? decision.returnedSteps : {},
    rejectionReason: decision.action === 'rejected' ? decision.reason : null,
    updatedAt: now,
  };
  const companySet: Record<string, unknown> = { status };
  if (decision.action === 'approved') {
    companySet.kycStatus = 'filled';
    companySet.topUpAccountIBAN = decision.topUpAccountIBAN;
    Object.assign(companySet, keys.activeCompany(company.companyId));
  }
  if (decision.action === 'returned') companySet.kycStatus = decision.kycStatus;
  const items: TransactItem[] = [companyChange(company, companySet), applicationPut(company, application, next, status)];
  if (decision.action === 'approved') {
    items.push(
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.ibanClaim(decision.topUpAccountIBAN), entity: entities.ibanClaim, companyId: company.companyId },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.mainAccount(company.companyId),
            entity: entities.mainAccount,
            companyId: company.companyId,
            iban: decision.topUpAccountIBAN,
            availableCents: 0,
            reservedCents: 0,
            version: 0,
            openedAt: now,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    );
  }
  const comment = decision.action === 'rejected' ? decision.reason : decision.action === 'returned' ? decision.comment : null;
  items.push(eventItem(company.companyId, now, decision.action, actor, comment, decision.action === 'returned' ? decision.steps : []), record, ...told);
  await commit(items);
  return status;
}

/**
 * A document the applicant removes: its bytes go first, then its record with the removal's audit record in one
 * transaction (a failure between leaves a record whose bytes are gone, which the applicant's retry removes).
 */
export async function removeDocument(document: DocumentRecord, record: TransactItem): Promise<void> {
  await deleteUpload(documentObjectKey(document.companyId, document.documentId));
  try {
    await transact([{ Delete: { TableName: tableName(), Key: keys.document(document.companyId, document.documentId), ConditionExpression: 'attribute_exists(pk)' } }, record]);
  } catch (error) {
    if (conditionFailed(error, 0)) throw notFound('DOCUMENT_NOT_FOUND');
    throw error;
  }
}

/** Documents a saved step no longer points at: their bytes and records go, so nothing unused is kept. */
export async function forgetDocuments(companyId: string, documentIds: readonly string[]): Promise<void> {
  await Promise.all(
    documentIds.map(async (documentId) => {
      await deleteUpload(documentObjectKey(companyId, documentId));
      await dynamo.send(new DeleteCommand({ TableName: tableName(), Key: keys.document(companyId, documentId) }));
    }),
  );
}
