import type { SignupStep } from '@shared/kyc';
import type { DocumentContentType, DocumentKind } from '@shared/onboarding/documents';

/** The smallest files that are what their first bytes say: a one-page PDF and a one-pixel PNG. */
export const samplePdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
export const samplePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export interface SampleDocument {
  documentId: string;
  kind: DocumentKind;
  fileName: string;
  contentType: DocumentContentType;
  bytes: Buffer;
}

export const sampleDocumentNames = ['certificate', 'articles', 'passport', 'evidence'] as const;
export type SampleDocumentName = (typeof sampleDocumentNames)[number];

const sampleFiles: Record<SampleDocumentName, Omit<SampleDocument, 'documentId'>> = {
  certificate: { kind: 'registration_certificate', fileName: 'registration-certificate.pdf', contentType: 'application/pdf', bytes: samplePdf },
  articles: { kind: 'articles_of_association', fileName: 'articles-of-association.pdf', contentType: 'application/pdf', bytes: samplePdf },
  passport: { kind: 'passport_photo', fileName: 'passport.png', contentType: 'image/png', bytes: samplePng },
  evidence: { kind: 'evidence_of_right', fileName: 'power-of-attorney.pdf', contentType: 'application/pdf', bytes: samplePdf },
};

/** The documents a complete sample application points at, with the ids the caller gives them. */
export function sampleDocuments(idOf: (name: SampleDocumentName) => string): SampleDocument[] {
  return sampleDocumentNames.map((name) => ({ documentId: idOf(name), ...sampleFiles[name] }));
}

/**
 * Answers to the six steps that pass their schemas: what a careful applicant would send. The demo's pending company
 * has them all; tests start from them and change what they test.
 */
export function sampleAnswers(
  company: { name: string; registrationNumber: string },
  documents: Record<SampleDocumentName, string>,
): Record<SignupStep, Record<string, unknown>> {
  return {
    general: {
      registrationNumber: company.registrationNumber,
      registrationDate: '2015-03-12',
      companyName: company.name,
      taxCountries: ['LV'],
      legalStreet: 'Brīvības iela',
      legalHouseNumber: '21',
      legalCity: 'Rīga',
      legalPostcode: 'LV-1010',
      legalCountry: 'LV',
      actualAddressSameAsLegal: true,
      bankName: 'Swedbank',
      bankSwift: 'HABALV22',
      bankAccountNumber: 'LV80BANK0000435195001',
      employeeCount: '42',
      yearlyGrossWageBill: '850000',
      workExperience: 'over_3_years',
      activityDescription: 'Landscaping and garden maintenance for businesses',
      relatedToLatvia: 'yes',
      reasonForChoosing: 'Bonus cards for seasonal workers',
      cooperationPartners: ['Rīgas Namu Pārvaldnieks'],
      sourceOfIncome: 'business',
      mainSupplierCountries: ['LV', 'LT'],
      largestCustomerCountries: ['LV'],
      partOfGroup: 'no',
      associationOrFoundation: 'no',
      contactName: 'Marta',
      contactSurname: 'Kalēja',
      contactPosition: 'Board member',
      contactPhone: '37120000006',
      contactEmail: 'pending@demo.local',
      companyPhone: '37167000000',
      companyEmail: 'info@darzi.example',
      registrationCertificate: documents.certificate,
      articlesOfAssociation: documents.articles,
    },
    representatives: {
      representatives: [
        {
          name: 'Marta',
          surname: 'Kalēja',
          personalId: '120389-10101',
          dateOfBirth: '1989-03-12',
          passportNumber: 'LV1234567',
          placeOfBirth: 'Rīga',
          rightToRepresent: 'alone',
          usCitizenOrTaxResident: 'no',
          passportPhoto: documents.passport,
          evidenceOfRight: documents.evidence,
        },
      ],
    },
    owners: {
      owners: [{ ownerType: 'natural_person', name: 'Marta', surname: 'Kalēja', personalId: '120389-10101', dateOfBirth: '1989-03-12', country: 'LV', sharePercent: '100' }],
    },
    true_beneficiary: {
      beneficiaries: [
        {
          name: 'Marta',
          surname: 'Kalēja',
          personalId: '120389-10101',
          dateOfBirth: '1989-03-12',
          address: 'Brīvības iela 21, Rīga',
          country: 'LV',
          sourceOfIncome: 'dividends',
          participation: 'direct_owner',
          phone: '37120000006',
          email: 'pending@demo.local',
        },
      ],
    },
    political_importance: { politicallyExposed: 'no' },
    financial_information: {
      estimatedCards: '40',
      spendingLimitPerCard: '300',
      monthlyDeposits: '12000',
      yearlyDeposits: '144000',
      averageTopUp: '300',
      businessPartners: [{ partnerName: 'Rīgas Namu Pārvaldnieks', partnerCountry: 'LV' }],
    },
  };
}
