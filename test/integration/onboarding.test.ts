import { beforeAll, describe, expect, it } from 'vitest';
import { profileSchema } from '@shared/api/schemas';
import type { SignupStep } from '@shared/kyc';
import { applicationSchema, queueAnswerSchema, reviewSchema, type Application } from '@shared/onboarding/application';
import { documentLinkSchema, documentSchema, maxFileBytes, uploadAnswerSchema } from '@shared/onboarding/documents';
import { documentObjectKey, stagedUploadObjectKey } from '@functions/platform/keys';
import { sampleAnswers, samplePdf, samplePng } from '../../infra/local/sample-application';
import { testCloudBase, testCloudPorts } from '../../infra/local/settings';
import { api, download, sendToBucket, signIn, storedInDocuments, uploadDocument, uploadToBucket, type UploadFile } from './support';

/**
 * fresh@test.local owns company-ventspils, seeded in onboarding with nothing answered. The tests of this file
 * take it from nothing to a submitted application, in the order an applicant would; no other file uses it.
 */
const applicant = 'fresh@test.local';

const certificate: UploadFile = { kind: 'registration_certificate', fileName: 'certificate.pdf', contentType: 'application/pdf', bytes: samplePdf };
const articles: UploadFile = { kind: 'articles_of_association', fileName: 'articles.pdf', contentType: 'application/pdf', bytes: samplePdf };
const passport: UploadFile = { kind: 'passport_photo', fileName: 'passport.png', contentType: 'image/png', bytes: samplePng };
const evidence: UploadFile = { kind: 'evidence_of_right', fileName: "Pilnvara Nr. 1 (O'Brien, ā).pdf", contentType: 'application/pdf', bytes: samplePdf };

let token: string;

async function application(): Promise<Application> {
  const answer = await api('GET', '/onboarding', { token });
  expect(answer.status).toBe(200);
  return applicationSchema.parse(answer.body);
}

async function kycOfProfile(): Promise<{ kyc: string; status: string | null }> {
  const profile = profileSchema.parse((await api('GET', '/users/profile', { token })).body);
  return { kyc: profile.currentKycStatus, status: profile.currentCompanyStatus };
}

/** Where a document's bytes are: staged (uploaded, not accepted) or kept (accepted), by the keys the code writes. */
async function storedAt(documentId: string): Promise<{ staged: boolean; kept: boolean }> {
  const companyId = profileSchema.parse((await api('GET', '/users/profile', { token })).body).currentClient?.companyId ?? '';
  const [staged, kept] = await Promise.all([storedInDocuments(stagedUploadObjectKey(companyId, documentId)), storedInDocuments(documentObjectKey(companyId, documentId))]);
  return { staged, kept };
}

const putStep = (step: SignupStep, body: unknown) => api('PUT', `/onboarding/steps/${step}`, { token, body });
const confirm = (documentId: string) => api('POST', `/onboarding/documents/${documentId}/confirm`, { token });
const link = (documentId: string, as = token) => api('GET', `/onboarding/documents/${documentId}/link`, { token: as });

/** The sample answers with this company's own name and registration number, pointing at the given documents. */
async function answersWith(documents: Record<'certificate' | 'articles' | 'passport' | 'evidence', string>) {
  const { companyName, registrationNumber } = await application();
  return sampleAnswers({ name: companyName, registrationNumber }, documents);
}

const noDocuments = {
  certificate: '00000000-0000-4000-8000-000000000001',
  articles: '00000000-0000-4000-8000-000000000002',
  passport: '00000000-0000-4000-8000-000000000003',
  evidence: '00000000-0000-4000-8000-000000000004',
};

beforeAll(async () => {
  token = await signIn(applicant);
});

describe('onboarding: a company that has answered nothing', () => {
  it('has an empty application in onboarding', async () => {
    const answer = await application();
    expect(answer).toMatchObject({
      companyId: 'company-ventspils',
      status: 'onboarding',
      kycStatus: 'not_filled',
      steps: {},
      returnedSteps: {},
      rejectionReason: null,
      submittedAt: null,
      documents: [],
    });
    expect(answer.registrationNumber).toBe('40103556007');
    expect(await kycOfProfile()).toEqual({ kyc: 'not_filled', status: 'onboarding' });
  });

  it('refuses a later step before the earlier ones', async () => {
    const all = await answersWith(noDocuments);
    for (const step of ['representatives', 'financial_information'] as const) {
      expect(await putStep(step, all[step]), step).toMatchObject({ status: 409, body: { code: 'STEP_NOT_OPEN' } });
    }
    expect(await api('PUT', '/onboarding/steps/not_a_step', { token, body: {} })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { step: 'INVALID_VALUE' } },
    });
    expect((await application()).steps).toEqual({});
  });

  it('refuses an invalid general step field by field and saves nothing', async () => {
    const { general } = await answersWith(noDocuments);
    const badFormat = await putStep('general', { ...general, registrationDate: '12.03.2015', companyEmail: 'not-an-e-mail', taxCountries: [], bankAccountNumber: 'LV00BANK0000435195001' });
    expect(badFormat).toMatchObject({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        fields: { registrationDate: 'DATE_FORMAT', companyEmail: 'INVALID_EMAIL', taxCountries: 'TAX_COUNTRIES_REQUIRED', bankAccountNumber: 'INVALID_IBAN' },
      },
    });
    const { registrationCertificate: _, companyName: __, ...missing } = general;
    const tooEarly = await putStep('general', { ...missing, registrationDate: '1899-12-31', employeeCount: '0' });
    expect(tooEarly).toMatchObject({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        fields: { registrationDate: 'DATE_TOO_EARLY', companyName: 'REQUIRED', registrationCertificate: 'REQUIRED', employeeCount: 'NUMBER_TOO_SMALL' },
      },
    });
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    expect(await putStep('general', { ...general, registrationDate: future, actualAddressSameAsLegal: false })).toMatchObject({
      status: 400,
      // The actual address shows once it is not the legal one, and then it is required.
      body: { fields: { registrationDate: 'DATE_IN_FUTURE', actualStreet: 'REQUIRED', actualCountry: 'COUNTRY_REQUIRED' } },
    });
    expect(await putStep('general', 'not an object')).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });

    const answer = await application();
    expect(answer).toMatchObject({ kycStatus: 'not_filled', steps: {} });
    expect(await kycOfProfile()).toEqual({ kyc: 'not_filled', status: 'onboarding' });
  });

  it('refuses answers too large to keep, instead of failing', async () => {
    const documents = { ...noDocuments, certificate: await uploadDocument(token, certificate), articles: await uploadDocument(token, articles) };
    const { general } = await answersWith(documents);
    // Every item is valid; together they are more than one table item holds.
    const partners = Array.from({ length: 5000 }, (_, index) => `Partner ${index} `.padEnd(100, 'x'));
    expect(await putStep('general', { ...general, cooperationPartners: partners })).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(await application()).toMatchObject({ kycStatus: 'not_filled', steps: {} });
    for (const documentId of [documents.certificate, documents.articles]) {
      expect(await api('DELETE', `/onboarding/documents/${documentId}`, { token })).toMatchObject({ status: 200 });
    }
  });

  it("refuses a general step with a registration number other than the company's", async () => {
    const { general } = await answersWith(noDocuments);
    expect(await putStep('general', { ...general, registrationNumber: '40003555111' })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { registrationNumber: 'INVALID_VALUE' } },
    });
    expect((await application()).steps).toEqual({});
  });

  it('refuses a step that points at documents that do not exist', async () => {
    const { general } = await answersWith(noDocuments);
    expect(await putStep('general', general)).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { registrationCertificate: 'DOCUMENT_NOT_FOUND', articlesOfAssociation: 'DOCUMENT_NOT_FOUND' } },
    });
    expect(await putStep('general', { ...general, registrationCertificate: 'not-a-uuid' })).toMatchObject({
      status: 400,
      body: { fields: { registrationCertificate: 'INVALID_VALUE' } },
    });
    expect((await application()).steps).toEqual({});
  });
});

describe('onboarding: documents', () => {
  it('uploads a PDF through the presigned POST, accepts it by its bytes and links to the same bytes', async () => {
    const documentId = await uploadToBucket(token, evidence);
    // Not confirmed yet: the applicant's list and the link do not know it.
    expect((await application()).documents.map((d) => d.documentId)).not.toContain(documentId);
    expect(await link(documentId)).toMatchObject({ status: 404, body: { code: 'DOCUMENT_NOT_FOUND' } });
    // Its bytes wait in staging, which expires; only the confirm step moves them to the key that is kept.
    expect(await storedAt(documentId)).toEqual({ staged: true, kept: false });

    const confirmed = await confirm(documentId);
    expect(confirmed.status).toBe(200);
    expect(documentSchema.parse(confirmed.body)).toMatchObject({
      documentId,
      kind: 'evidence_of_right',
      fileName: evidence.fileName,
      contentType: 'application/pdf',
      size: samplePdf.length,
    });
    expect(await storedAt(documentId)).toEqual({ staged: false, kept: true });
    // Confirming twice changes nothing.
    expect(await confirm(documentId)).toMatchObject({ status: 200, body: { documentId, size: samplePdf.length } });
    expect((await application()).documents).toContainEqual(expect.objectContaining({ documentId, kind: 'evidence_of_right' }));

    const answer = await link(documentId);
    expect(answer.status).toBe(200);
    const { url, expiresInSeconds } = documentLinkSchema.parse(answer.body);
    expect(expiresInSeconds).toBeGreaterThan(0);
    const file = await download(url);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(samplePdf)).toBe(true);
    expect(file.contentType).toBe('application/pdf');
    // Named as uploaded, in RFC 8187's encoding: a bare ' would end the value early.
    const encodedName = file.contentDisposition?.match(/^inline; filename\*=UTF-8''([\w.~%-]+)$/)?.[1];
    expect(encodedName, file.contentDisposition ?? 'no content-disposition').toBeDefined();
    expect(decodeURIComponent(encodedName ?? '')).toBe(evidence.fileName);
  });

  it('lets the portal read the answer of its upload, whichever name of the local host it is opened at', async () => {
    const created = await api('POST', '/onboarding/documents', {
      token,
      body: { kind: 'registration_certificate', fileName: 'cors.pdf', contentType: 'application/pdf', size: samplePdf.length },
    });
    const upload = uploadAnswerSchema.parse(created.body);
    const { web } = testCloudPorts(testCloudBase());
    for (const origin of [`http://localhost:${web}`, `http://127.0.0.1:${web}`]) {
      const answer = await sendToBucket(upload, certificate, { origin });
      expect(answer.ok, origin).toBe(true);
      expect(answer.headers.get('access-control-allow-origin'), origin).toBe(origin);
    }
  });

  it('takes the type from the bytes, not from the declared type', async () => {
    // Declared PNG, really a PNG: stored as such. Declared PNG, really a PDF: a passport photo cannot be a PDF.
    const png = await uploadDocument(token, passport);
    expect((await application()).documents).toContainEqual(expect.objectContaining({ documentId: png, contentType: 'image/png', size: samplePng.length }));

    const disguised = await uploadToBucket(token, { ...passport, fileName: 'photo.png', bytes: samplePdf });
    expect(await confirm(disguised)).toMatchObject({ status: 422, body: { code: 'FILE_TYPE_NOT_ALLOWED' } });
    expect(await confirm(disguised)).toMatchObject({ status: 404, body: { code: 'DOCUMENT_NOT_FOUND' } });
  });

  it('refuses a text file declared as a PDF, and forgets it', async () => {
    const documentId = await uploadToBucket(token, { ...certificate, fileName: 'notes.pdf', bytes: Buffer.from('Just some text, not a PDF at all.\n') });
    expect(await storedAt(documentId)).toEqual({ staged: true, kept: false });
    expect(await confirm(documentId)).toMatchObject({ status: 422, body: { code: 'FILE_TYPE_NOT_ALLOWED' } });
    // Deleted at once, and never copied to a kept key.
    expect(await storedAt(documentId)).toEqual({ staged: false, kept: false });
    expect(await confirm(documentId)).toMatchObject({ status: 404, body: { code: 'DOCUMENT_NOT_FOUND' } });
    expect(await link(documentId)).toMatchObject({ status: 404 });
    expect((await application()).documents.map((d) => d.documentId)).not.toContain(documentId);
  });

  it('refuses an empty file', async () => {
    const documentId = await uploadToBucket(token, { ...certificate, bytes: new Uint8Array(0), size: 1 });
    expect(await confirm(documentId)).toMatchObject({ status: 422, body: { code: 'FILE_EMPTY' } });
    expect(await confirm(documentId)).toMatchObject({ status: 404 });
  });

  it('refuses a file over 10,000,000 bytes that reached the bucket anyway (the server checks the stored size)', async () => {
    const bytes = Buffer.alloc(maxFileBytes + 1, 0x20);
    samplePdf.copy(bytes);
    const documentId = await uploadToBucket(token, { ...certificate, bytes, size: maxFileBytes });
    expect(await confirm(documentId)).toMatchObject({ status: 422, body: { code: 'FILE_TOO_LARGE' } });
    expect(await confirm(documentId)).toMatchObject({ status: 404 });
  });

  it('answers UPLOAD_MISSING when the file never reached the bucket, and accepts it once it does', async () => {
    const created = await api('POST', '/onboarding/documents', {
      token,
      body: { kind: 'articles_of_association', fileName: 'articles.pdf', contentType: 'application/pdf', size: samplePdf.length },
    });
    expect(created.status).toBe(200);
    const upload = uploadAnswerSchema.parse(created.body);
    expect(await confirm(upload.documentId)).toMatchObject({ status: 409, body: { code: 'UPLOAD_MISSING' } });
    expect((await sendToBucket(upload, articles)).ok).toBe(true);
    expect(await confirm(upload.documentId)).toMatchObject({ status: 200, body: { documentId: upload.documentId, kind: 'articles_of_association' } });
    expect(await api('DELETE', `/onboarding/documents/${upload.documentId}`, { token })).toMatchObject({ status: 200 });
  });

  it('refuses at creation what the kind cannot be, and sizes and types outside the rules', async () => {
    const create = (body: unknown) => api('POST', '/onboarding/documents', { token, body });
    expect(await create({ kind: 'passport_photo', fileName: 'passport.pdf', contentType: 'application/pdf', size: 1000 })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { contentType: 'FILE_TYPE_NOT_ALLOWED' } },
    });
    expect(await create({ kind: 'registration_certificate', fileName: 'a.docx', contentType: 'application/msword', size: 1000 })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { contentType: 'INVALID_VALUE' } },
    });
    expect(await create({ kind: 'registration_certificate', fileName: 'a.pdf', contentType: 'application/pdf', size: maxFileBytes + 1 })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { size: 'INVALID_VALUE' } },
    });
    expect(await create({ kind: 'selfie', fileName: 'a.png', contentType: 'image/png', size: 10 })).toMatchObject({
      status: 400,
      body: { fields: { kind: 'INVALID_VALUE' } },
    });
  });

  it('deletes an upload no saved step uses', async () => {
    const documentId = await uploadDocument(token, articles);
    expect(await api('DELETE', `/onboarding/documents/${documentId}`, { token })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await link(documentId)).toMatchObject({ status: 404 });
    expect((await application()).documents.map((d) => d.documentId)).not.toContain(documentId);
    expect(await api('DELETE', `/onboarding/documents/${documentId}`, { token })).toMatchObject({ status: 404, body: { code: 'DOCUMENT_NOT_FOUND' } });
  });

  it("never reaches another company's document", async () => {
    const documentId = await uploadDocument(token, certificate);
    const other = await signIn('onboarding@demo.local');
    expect(await link(documentId, other)).toMatchObject({ status: 404, body: { code: 'DOCUMENT_NOT_FOUND' } });
    expect(await api('POST', `/onboarding/documents/${documentId}/confirm`, { token: other })).toMatchObject({ status: 404 });
    expect(await api('DELETE', `/onboarding/documents/${documentId}`, { token: other })).toMatchObject({ status: 404 });
    // Still there for its own company.
    expect(await link(documentId)).toMatchObject({ status: 200 });
    expect(await api('DELETE', `/onboarding/documents/${documentId}`, { token })).toMatchObject({ status: 200 });
  });
});

describe('onboarding: the six steps', () => {
  it('advances the KYC status step by step, then submits and locks the application', async () => {
    const documents = {
      certificate: await uploadDocument(token, certificate),
      articles: await uploadDocument(token, articles),
      passport: await uploadDocument(token, passport),
      evidence: await uploadDocument(token, evidence),
    };
    const all = await answersWith(documents);

    // A document of another kind, or one not confirmed, is not a document for this field.
    const unconfirmed = await uploadToBucket(token, certificate);
    expect(await putStep('general', { ...all.general, registrationCertificate: documents.articles, articlesOfAssociation: unconfirmed })).toMatchObject({
      status: 400,
      body: { fields: { registrationCertificate: 'DOCUMENT_NOT_FOUND', articlesOfAssociation: 'DOCUMENT_NOT_FOUND' } },
    });

    expect(await putStep('general', all.general)).toMatchObject({ status: 200, body: { status: 'onboarding', kycStatus: 'general', next: 'representatives' } });
    expect(await kycOfProfile()).toEqual({ kyc: 'general', status: 'onboarding' });
    expect((await application()).steps.general).toEqual(all.general);
    // A saved step's document stays; an upload nobody points at can still go.
    expect(await api('DELETE', `/onboarding/documents/${documents.certificate}`, { token })).toMatchObject({ status: 409, body: { code: 'DOCUMENT_IN_USE' } });
    expect(await api('DELETE', `/onboarding/documents/${unconfirmed}`, { token })).toMatchObject({ status: 200 });

    expect(await putStep('representatives', all.representatives)).toMatchObject({
      status: 200,
      body: { status: 'onboarding', kycStatus: 'representatives', next: 'owners' },
    });
    expect(await kycOfProfile()).toEqual({ kyc: 'representatives', status: 'onboarding' });

    // Going back to an earlier step keeps the progress made; a document replaced there is not kept.
    const newCertificate = await uploadDocument(token, { ...certificate, fileName: 'certificate-2026.pdf' });
    expect(await putStep('general', { ...all.general, bankName: 'Citadele', registrationCertificate: newCertificate })).toMatchObject({
      status: 200,
      body: { kycStatus: 'representatives', next: 'representatives' },
    });
    const resaved = await application();
    expect(resaved.steps.general).toMatchObject({ bankName: 'Citadele', registrationCertificate: newCertificate });
    expect(resaved.documents.map((d) => d.documentId)).not.toContain(documents.certificate);
    expect(await link(documents.certificate)).toMatchObject({ status: 404 });
    documents.certificate = newCertificate;

    const owners = all.owners.owners as Record<string, unknown>[];
    const owner = owners[0] ?? {};
    expect(await putStep('owners', { owners: [{ ...owner, sharePercent: '10' }] })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { 'owners.0.sharePercent': 'OWNER_SHARE_TOO_LOW' } },
    });
    expect(await putStep('owners', { owners: [{ ...owner, sharePercent: '60' }, { ownerType: 'legal_entity', companyName: 'Holding SIA', companyRegistrationNumber: '40003000000', country: 'LV', sharePercent: '60' }] })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { owners: 'OWNER_SHARES_OVER_100' } },
    });
    expect(await putStep('owners', { owners: [] })).toMatchObject({ status: 400, body: { fields: { owners: 'LIST_REQUIRED' } } });
    expect((await application()).kycStatus).toBe('representatives');

    // A field the step does not have, or one its answers hide, is not kept.
    const politicalImportance = {
      ...all.political_importance,
      exposedPersons: [{ name: 'Ivars', surname: 'Kalns', position: 'Minister', country: 'LV', relation: 'self' }],
      isAdmin: true,
    };
    const rest = [
      ['owners', all.owners, 'owners', 'true_beneficiary'],
      ['true_beneficiary', all.true_beneficiary, 'true_beneficiary', 'political_importance'],
      ['political_importance', politicalImportance, 'political_importance', 'financial_information'],
    ] as const;
    for (const [step, answers, kycStatus, next] of rest) {
      expect(await putStep(step, answers), step).toMatchObject({ status: 200, body: { status: 'onboarding', kycStatus, next } });
      expect(await kycOfProfile(), step).toEqual({ kyc: kycStatus, status: 'onboarding' });
    }

    // A double click on the last step submits once.
    const [first, second] = await Promise.all([putStep('financial_information', all.financial_information), putStep('financial_information', all.financial_information)]);
    const [won, lost] = first.status === 200 ? [first, second] : [second, first];
    expect(won).toMatchObject({ status: 200, body: { status: 'pending_approval', kycStatus: 'political_importance', next: 'submitted' } });
    expect(lost.status).toBe(409);
    expect(['CONFLICT', 'APPLICATION_LOCKED']).toContain((lost.body as { code: string }).code);
    expect(await kycOfProfile()).toEqual({ kyc: 'political_importance', status: 'pending_approval' });

    const submitted = await application();
    expect(submitted).toMatchObject({ status: 'pending_approval', kycStatus: 'political_importance', returnedSteps: {}, rejectionReason: null });
    expect(submitted.submittedAt).toEqual(expect.any(String));
    expect(Object.keys(submitted.steps).sort()).toEqual(
      ['financial_information', 'general', 'owners', 'political_importance', 'representatives', 'true_beneficiary'],
    );
    expect(submitted.steps.political_importance).toEqual({ politicallyExposed: 'no' });
    expect(submitted.documents.map((d) => d.documentId)).toEqual(expect.arrayContaining(Object.values(documents)));

    // With the provider now: nothing changes, neither the answers nor the documents.
    for (const step of ['general', 'financial_information'] as const) {
      expect(await putStep(step, all[step]), step).toMatchObject({ status: 409, body: { code: 'APPLICATION_LOCKED' } });
    }
    expect(await api('POST', '/onboarding/documents', { token, body: { kind: 'registration_certificate', fileName: 'a.pdf', contentType: 'application/pdf', size: 10 } })).toMatchObject({
      status: 409,
      body: { code: 'APPLICATION_LOCKED' },
    });
    expect(await api('DELETE', `/onboarding/documents/${documents.evidence}`, { token })).toMatchObject({ status: 409, body: { code: 'APPLICATION_LOCKED' } });
    // Its documents can still be read.
    const file = await download(documentLinkSchema.parse((await link(documents.passport)).body).url);
    expect(file.bytes.equals(samplePng)).toBe(true);

    // The provider now has it in the queue, with who submitted it and when.
    const admin = await signIn('admin@demo.local');
    const { rows } = queueAnswerSchema.parse((await api('GET', '/admin/applications', { token: admin })).body);
    expect(rows.find((row) => row.companyId === 'company-ventspils')).toMatchObject({ status: 'pending_approval', submittedAt: submitted.submittedAt });
    const review = reviewSchema.parse((await api('GET', '/admin/applications/company-ventspils', { token: admin })).body);
    expect(review.history).toEqual([
      { at: submitted.submittedAt, action: 'submitted', actorName: 'Edgars Applicant', actorEmail: applicant, comment: null, steps: [] },
    ]);
    expect(review.steps).toEqual(submitted.steps);
  });
});
