import { beforeAll, describe, expect, it } from 'vitest';
import { mainAccountSchema } from '@shared/accounts';
import { paymentReferenceOf } from '@shared/top-ups';
import { profileSchema } from '@shared/api/schemas';
import { isValidIban } from '@shared/iban';
import { applicationSchema, queueAnswerSchema, reviewSchema, type Review } from '@shared/onboarding/application';
import { documentLinkSchema } from '@shared/onboarding/documents';
import { sampleAnswers, samplePdf, samplePng } from '../../infra/local/sample-application';
import { api, download, outbox, signIn } from './support';

/**
 * The provider's review. Each decision has a seeded pending company of its own: company-vidzeme is approved
 * (approve@test.local), company-zemgale returned and resubmitted (revision@test.local), company-kuldiga rejected
 * (reject@test.local). Nothing here touches another file's company.
 */
const admin = 'admin@demo.local';
let adminToken: string;

beforeAll(async () => {
  adminToken = await signIn(admin);
});

async function review(companyId: string): Promise<Review> {
  const answer = await api('GET', `/admin/applications/${companyId}`, { token: adminToken });
  expect(answer.status).toBe(200);
  return reviewSchema.parse(answer.body);
}

async function profileOf(token: string) {
  return profileSchema.parse((await api('GET', '/users/profile', { token })).body);
}

async function applicationOf(token: string) {
  const answer = await api('GET', '/onboarding', { token });
  expect(answer.status).toBe(200);
  return applicationSchema.parse(answer.body);
}

/** The newest e-mail to an address whose subject matches, once it has arrived. */
async function emailTo(to: string, subject: string) {
  await expect.poll(async () => (await outbox()).some((e) => e.channel === 'email' && e.to === to && e.subject === subject)).toBe(true);
  const mail = (await outbox()).find((e) => e.channel === 'email' && e.to === to && e.subject === subject);
  if (!mail) throw new Error(`no e-mail "${subject}" to ${to}`);
  return mail;
}

describe('the review queue', () => {
  it('lists waiting applications first, oldest first, and only to provider admins', async () => {
    const answer = await api('GET', '/admin/applications', { token: adminToken });
    expect(answer.status).toBe(200);
    const { rows } = queueAnswerSchema.parse(answer.body);
    const ids = rows.map((row) => row.companyId);
    expect(ids).toEqual(expect.arrayContaining(['company-gardens', 'company-vidzeme', 'company-zemgale', 'company-kuldiga', 'company-baltic']));
    expect(rows.find((row) => row.companyId === 'company-vidzeme')).toMatchObject({
      status: 'pending_approval',
      registrationNumber: '40003556003',
      submittedAt: expect.any(String),
    });
    // Waiting ones (pending, then returned) before the others; within a status, the longest waiting first.
    const rank = { pending_approval: 0, returned: 1, onboarding: 2, rejected: 3, active: 4 } as const;
    const ranks = rows.map((row) => rank[row.status]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(rows[0]?.status).toBe('pending_approval');
    const pending = rows.filter((row) => row.status === 'pending_approval').map((row) => row.submittedAt ?? '');
    expect(pending).toEqual([...pending].sort());

    const owner = await signIn('owner@demo.local');
    expect(await api('GET', '/admin/applications', { token: owner })).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  });

  it('shows one application with its steps, documents and history, and links to its documents', async () => {
    const application = await review('company-vidzeme');
    expect(application).toMatchObject({
      companyId: 'company-vidzeme',
      registrationNumber: '40003556003',
      status: 'pending_approval',
      kycStatus: 'political_importance',
      returnedSteps: {},
      rejectionReason: null,
    });
    expect(Object.keys(application.steps).sort()).toEqual(
      ['financial_information', 'general', 'owners', 'political_importance', 'representatives', 'true_beneficiary'],
    );
    expect(application.history.map((entry) => [entry.action, entry.actorEmail])).toEqual([['submitted', 'approve@test.local']]);
    expect(application.documents.map((d) => d.kind).sort()).toEqual(['articles_of_association', 'evidence_of_right', 'passport_photo', 'registration_certificate']);

    for (const document of application.documents) {
      const link = await api('GET', `/admin/applications/company-vidzeme/documents/${document.documentId}/link`, { token: adminToken });
      expect(link.status, document.kind).toBe(200);
      const file = await download(documentLinkSchema.parse(link.body).url);
      expect(file.status).toBe(200);
      expect(file.bytes.equals(document.kind === 'passport_photo' ? samplePng : samplePdf), document.kind).toBe(true);
    }

    // A document is reached only under its own company.
    const other = (await review('company-zemgale')).documents[0]?.documentId ?? '';
    expect(await api('GET', `/admin/applications/company-vidzeme/documents/${other}/link`, { token: adminToken })).toMatchObject({
      status: 404,
      body: { code: 'DOCUMENT_NOT_FOUND' },
    });
    expect(await api('GET', '/admin/applications/company-nowhere', { token: adminToken })).toMatchObject({
      status: 404,
      body: { code: 'APPLICATION_NOT_FOUND' },
    });
  });
});

describe('approving an application', () => {
  it('opens the main account with a valid top-up IBAN, tells the applicant and records who approved', async () => {
    const applicant = await signIn('approve@test.local');
    expect(await api('GET', '/accounts/main', { token: applicant })).toMatchObject({ status: 403, body: { code: 'COMPANY_NOT_APPROVED' } });
    expect(await profileOf(applicant)).toMatchObject({ currentKycStatus: 'political_importance', currentCompanyStatus: 'pending_approval', topUpAccountIBAN: null });

    const approved = await api('POST', '/admin/applications/company-vidzeme/approve', { token: adminToken, body: {} });
    expect(approved).toMatchObject({ status: 200, body: { status: 'active' } });

    const profile = await profileOf(applicant);
    expect(profile).toMatchObject({ currentKycStatus: 'filled', currentCompanyStatus: 'active' });
    const iban = profile.topUpAccountIBAN ?? '';
    expect(iban).toMatch(/^LV\d{2}BCRD\d{13}$/);
    expect(isValidIban(iban)).toBe(true);

    const account = await api('GET', '/accounts/main', { token: applicant });
    expect(account.status).toBe(200);
    expect(mainAccountSchema.parse(account.body)).toEqual({ iban, paymentReference: paymentReferenceOf('40003556003'), availableCents: 0, reservedCents: 0, currency: 'EUR', lowBalanceThresholdCents: null, lowBalanceSince: null, lowBalanceRecipientIds: [] });

    const mail = await emailTo('approve@test.local', 'Your company is approved');
    expect(mail.body).toContain('Vidzemes');

    expect(await api('POST', '/admin/applications/company-vidzeme/approve', { token: adminToken, body: {} })).toMatchObject({
      status: 409,
      body: { code: 'APPLICATION_NOT_PENDING' },
    });
    expect(await api('POST', '/admin/applications/company-vidzeme/reject', { token: adminToken, body: { reason: 'Too late to change minds' } })).toMatchObject({
      status: 409,
      body: { code: 'APPLICATION_NOT_PENDING' },
    });

    const after = await review('company-vidzeme');
    expect(after).toMatchObject({ status: 'active', kycStatus: 'filled' });
    expect(after.history.map((entry) => entry.action)).toEqual(['submitted', 'approved']);
    expect(after.history.at(-1)).toMatchObject({ action: 'approved', actorEmail: admin, actorName: 'Ilze Liepa', comment: null });
    // An approved application is no longer the applicant's to change.
    expect(await api('PUT', '/onboarding/steps/general', { token: applicant, body: after.steps.general })).toMatchObject({
      status: 409,
      body: { code: 'APPLICATION_LOCKED' },
    });
  });

  it('keeps money routes closed to a company still waiting', async () => {
    const pending = await signIn('pending@demo.local');
    expect(await api('GET', '/accounts/main', { token: pending })).toMatchObject({ status: 403, body: { code: 'COMPANY_NOT_APPROVED' } });
    expect(await profileOf(pending)).toMatchObject({ currentKycStatus: 'political_importance', currentCompanyStatus: 'pending_approval' });
  });
});

describe('returning steps for revision', () => {
  it('refuses a return without steps and a rejection without a reason, deciding nothing', async () => {
    const decide = (action: string, body: unknown) => api('POST', `/admin/applications/company-zemgale/${action}`, { token: adminToken, body });
    expect(await decide('return', { comment: 'Please fix the owners' })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { steps: 'STEPS_REQUIRED' } },
    });
    expect(await decide('return', { steps: [], comment: 'Please fix the owners' })).toMatchObject({
      status: 400,
      body: { fields: { steps: 'STEPS_REQUIRED' } },
    });
    expect(await decide('return', { steps: ['owners', 'payments'], comment: '' })).toMatchObject({
      status: 400,
      body: { fields: { 'steps.1': 'INVALID_VALUE', comment: 'REQUIRED' } },
    });
    expect(await decide('reject', {})).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', fields: { reason: 'REQUIRED' } } });
    expect(await decide('reject', { reason: '   ' })).toMatchObject({ status: 400, body: { fields: { reason: 'REQUIRED' } } });
    const unchanged = await review('company-zemgale');
    expect(unchanged).toMatchObject({ status: 'pending_approval', returnedSteps: {} });
    expect(unchanged.history.map((entry) => entry.action)).toEqual(['submitted']);
  });

  it('sends steps back with a comment; the applicant fixes only those and the application goes back for review', async () => {
    const comment = 'The owners do not match the register; please confirm the expected cards.';
    const returned = await api('POST', '/admin/applications/company-zemgale/return', {
      token: adminToken,
      body: { steps: ['financial_information', 'owners'], comment },
    });
    expect(returned).toMatchObject({ status: 200, body: { status: 'returned' } });

    const applicant = await signIn('revision@test.local');
    const application = await applicationOf(applicant);
    expect(application).toMatchObject({
      status: 'returned',
      kycStatus: 'representatives',
      returnedSteps: { owners: comment, financial_information: comment },
    });
    expect(Object.keys(application.returnedSteps).sort()).toEqual(['financial_information', 'owners']);
    expect(await profileOf(applicant)).toMatchObject({ currentKycStatus: 'representatives', currentCompanyStatus: 'returned' });
    const mail = await emailTo('revision@test.local', 'Your application needs changes');
    expect(mail.body).toContain(comment);
    // The provider cannot decide it while it is with the applicant.
    expect(await api('POST', '/admin/applications/company-zemgale/approve', { token: adminToken, body: {} })).toMatchObject({
      status: 409,
      body: { code: 'APPLICATION_NOT_PENDING' },
    });

    const answers = sampleAnswers({ name: application.companyName, registrationNumber: application.registrationNumber }, {
      certificate: String(application.steps.general?.registrationCertificate),
      articles: String(application.steps.general?.articlesOfAssociation),
      passport: '00000000-0000-4000-8000-000000000003',
      evidence: '00000000-0000-4000-8000-000000000004',
    });
    const put = (step: string, body: unknown) => api('PUT', `/onboarding/steps/${step}`, { token: applicant, body });
    expect(await put('general', answers.general)).toMatchObject({ status: 409, body: { code: 'APPLICATION_LOCKED' } });
    expect(await put('true_beneficiary', answers.true_beneficiary)).toMatchObject({ status: 409, body: { code: 'APPLICATION_LOCKED' } });
    expect(await put('owners', { owners: [{ ...(answers.owners.owners as object[])[0], sharePercent: '20' }] })).toMatchObject({
      status: 400,
      body: { fields: { 'owners.0.sharePercent': 'OWNER_SHARE_TOO_LOW' } },
    });

    const fixedOwners = { owners: [{ ...(answers.owners.owners as object[])[0], sharePercent: '75' }] };
    expect(await put('owners', fixedOwners)).toMatchObject({
      status: 200,
      body: { status: 'returned', kycStatus: 'political_importance', next: 'financial_information' },
    });
    const midway = await applicationOf(applicant);
    expect(midway.returnedSteps).toEqual({ financial_information: comment });
    expect(midway.steps.owners).toEqual(fixedOwners);
    expect(await put('owners', fixedOwners)).toMatchObject({ status: 409, body: { code: 'APPLICATION_LOCKED' } });

    expect(await put('financial_information', answers.financial_information)).toMatchObject({
      status: 200,
      body: { status: 'pending_approval', kycStatus: 'political_importance', next: 'submitted' },
    });
    expect(await profileOf(applicant)).toMatchObject({ currentKycStatus: 'political_importance', currentCompanyStatus: 'pending_approval' });
    expect(await put('financial_information', answers.financial_information)).toMatchObject({ status: 409, body: { code: 'APPLICATION_LOCKED' } });

    const resubmitted = await review('company-zemgale');
    expect(resubmitted).toMatchObject({ status: 'pending_approval', returnedSteps: {} });
    expect(resubmitted.history.map((entry) => entry.action)).toEqual(['submitted', 'returned', 'resubmitted']);
    expect(resubmitted.history[1]).toMatchObject({ actorEmail: admin, comment, steps: ['owners', 'financial_information'] });
    expect(resubmitted.history[2]).toMatchObject({ actorEmail: 'revision@test.local', comment: null });
    const { rows } = queueAnswerSchema.parse((await api('GET', '/admin/applications', { token: adminToken })).body);
    expect(rows.find((row) => row.companyId === 'company-zemgale')?.status).toBe('pending_approval');
  });

  it('lets only one of two decisions taken at the same moment through', async () => {
    expect((await review('company-zemgale')).status).toBe('pending_approval');
    const [approved, rejected] = await Promise.all([
      api('POST', '/admin/applications/company-zemgale/approve', { token: adminToken, body: {} }),
      api('POST', '/admin/applications/company-zemgale/reject', { token: adminToken, body: { reason: 'Owners still unclear' } }),
    ]);
    expect([approved.status, rejected.status].sort()).toEqual([200, 409]);
    const decided = await review('company-zemgale');
    const winner = approved.status === 200 ? 'approved' : 'rejected';
    expect(decided.status).toBe(winner === 'approved' ? 'active' : 'rejected');
    expect(decided.history.map((entry) => entry.action)).toEqual(['submitted', 'returned', 'resubmitted', winner]);
  });
});

describe('rejecting an application', () => {
  it('records the reason, which the applicant sees, and locks the application', async () => {
    const reason = 'The company register lists a different board.';
    expect(await api('POST', '/admin/applications/company-kuldiga/reject', { token: adminToken, body: { reason } })).toMatchObject({
      status: 200,
      body: { status: 'rejected' },
    });
    const applicant = await signIn('reject@test.local');
    const application = await applicationOf(applicant);
    expect(application).toMatchObject({ status: 'rejected', rejectionReason: reason, returnedSteps: {} });
    expect(await profileOf(applicant)).toMatchObject({ currentCompanyStatus: 'rejected' });
    expect((await emailTo('reject@test.local', 'Your application was declined')).body).toContain(reason);

    expect(await api('PUT', '/onboarding/steps/financial_information', { token: applicant, body: application.steps.financial_information })).toMatchObject({
      status: 409,
      body: { code: 'APPLICATION_LOCKED' },
    });
    expect(await api('GET', '/accounts/main', { token: applicant })).toMatchObject({ status: 403, body: { code: 'COMPANY_NOT_APPROVED' } });
    expect(await api('POST', '/admin/applications/company-kuldiga/return', { token: adminToken, body: { steps: ['general'], comment: 'Try again' } })).toMatchObject({
      status: 409,
      body: { code: 'APPLICATION_NOT_PENDING' },
    });
    const history = (await review('company-kuldiga')).history;
    expect(history.map((entry) => entry.action)).toEqual(['submitted', 'rejected']);
    expect(history[1]).toMatchObject({ actorEmail: admin, comment: reason });
  });
});
