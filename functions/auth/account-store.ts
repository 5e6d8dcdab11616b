import type { Language } from '@shared/languages';
import { auditPut, memberActor } from '../platform/audit';
import { DomainError } from '../platform/errors';
import { entities, keys } from '../platform/keys';
import { userProfileItem, type CompanyRecord, type UserProfileRecord } from '../platform/identity-records';
import { conditionFailed, getItem, tableName, transact, transactWithRecords, type TransactItem } from '../platform/table';
import { sessionCutAfter } from '../users';

export async function isRegistrationNumberClaimed(registrationNumber: string): Promise<boolean> {
  return (await getItem(keys.registrationNumberClaim(registrationNumber))) !== undefined;
}

export async function isPhoneClaimed(phone: string): Promise<boolean> {
  return (await phoneOwner(phone)) !== null;
}

/** The user a phone belongs to, if any. */
export async function phoneOwner(phone: string): Promise<string | null> {
  const claim = await getItem(keys.phoneClaim(phone));
  return typeof claim?.userId === 'string' ? claim.userId : null;
}

/**
 * Makes the phone the user's, in one transaction: its claim (unless another user holds it) and the profile, whose
 * sessions end at the same moment (the users context's sessionCutAfter; the caller revokes the refresh tokens), with
 * `records` (the phone's audit record in each of the user's companies).
 */
export async function recordPhone(userId: string, phone: string, now: Date, records: readonly TransactItem[]): Promise<void> {
  try {
    await transactWithRecords(
      [
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.phoneClaim(phone), entity: entities.phoneClaim, userId },
            ConditionExpression: 'attribute_not_exists(pk) OR userId = :user',
            ExpressionAttributeValues: { ':user': userId },
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: keys.userProfile(userId),
            UpdateExpression: 'SET phone = :phone, tokensValidAfter = :after',
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(phone) OR attribute_type(phone, :null))',
            ExpressionAttributeValues: { ':phone': phone, ':after': sessionCutAfter(now), ':null': 'NULL' },
          },
        },
      ],
      records,
    );
  } catch (error) {
    if (conditionFailed(error, 0)) throw new DomainError(409, 'PHONE_TAKEN', { phone: 'PHONE_TAKEN' });
    // A second confirmation raced this one and set a phone first.
    if (conditionFailed(error, 1)) throw new DomainError(409, 'PHONE_ALREADY_SET');
    throw error;
  }
}

export interface NewOwner {
  userId: string;
  email: string;
  phone: string;
  name: string;
  surname: string;
  language: Language;
}

/**
 * The company, its registration-number claim, the owner's profile, phone claim and membership, and the sign-up's
 * audit record: all in one transaction, so a second sign-up for the same company or phone (even at the same moment)
 * gets nothing half-made.
 */
export async function createCompanyWithOwner(company: CompanyRecord, owner: NewOwner, at: string): Promise<void> {
  const profile: UserProfileRecord = {
    userId: owner.userId,
    email: owner.email,
    name: owner.name,
    surname: owner.surname,
    phone: owner.phone,
    status: 'created',
    language: owner.language,
    currentCompanyId: company.companyId,
    tokensValidAfter: 0,
  };
  const createOnly = { ConditionExpression: 'attribute_not_exists(pk)' };
  try {
    await transact([
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.registrationNumberClaim(company.registrationNumber), entity: entities.registrationNumberClaim, companyId: company.companyId },
          ...createOnly,
        },
      },
      { Put: { TableName: tableName(), Item: { ...keys.company(company.companyId), entity: entities.company, ...company }, ...createOnly } },
      {
        Put: {
          TableName: tableName(),
          Item: userProfileItem(profile),
          ...createOnly,
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.phoneClaim(owner.phone), entity: entities.phoneClaim, userId: owner.userId },
          ...createOnly,
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.membership(owner.userId, company.companyId),
            ...keys.membershipInCompany(company.companyId, owner.userId),
            entity: entities.membership,
            userId: owner.userId,
            companyId: company.companyId,
            membershipId: `${company.companyId}:${owner.userId}`,
            role: 'owner',
          },
          ...createOnly,
        },
      },
      auditPut({
        companyId: company.companyId,
        actor: memberActor(owner, 'owner'),
        action: 'company.sign_up',
        target: { type: 'company', id: company.companyId },
        before: {},
        after: { name: company.name, email: owner.email },
        at,
      }),
    ]);
  } catch (error) {
    if (conditionFailed(error, 0)) throw new DomainError(409, 'COMPANY_ALREADY_REGISTERED', { registrationNumber: 'COMPANY_ALREADY_REGISTERED' });
    if (conditionFailed(error, 3)) throw new DomainError(409, 'PHONE_TAKEN', { phone: 'PHONE_TAKEN' });
    throw error;
  }
}
