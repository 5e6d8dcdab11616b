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

/** The person who fills the application in: the contact, representative, owner and beneficiary of the samples. */
export interface SampleContact {
  name: string;
  surname: string;
  email: string;
  /** Country code and number, no plus sign. */
  phone: string;
}

/** The demo's pending company's owner, whom the samples named before each company had its own. */
const defaultContact: SampleContact = { name: 'Marta', surname: 'Kalēja', email: 'pending@demo.local', phone: '37120000006' };

/** What the register knows of a company: the samples take its registration date and legal address when given. */
export interface SampleCompany {
  name: string;
  registrationNumber: string;
  registeredOn?: string | null;
  legalAddress?: { street: string; houseNumber: string; premisesNumber: string | null; city: string; postcode: string; country: string } | null;
}

/** A company's own e-mail domain: 'Nordic Start SIA' is nordic-start.example. */
function domainOf(companyName: string): string {
  const base = companyName
    .replace(/\s+(SIA|AS)$/u, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${base || 'company'}.example`;
}

/**
 * Answers to the six steps that pass their schemas: what a careful applicant would send. Each demo company's own
 * facts (register data, its owner as the contact, its own e-mail and phone) fill them, so no company shows another's.
 * The demo's pending company has them all; tests start from them and change what they test.
 */
export function sampleAnswers(
  company: SampleCompany,
  documents: Record<SampleDocumentName, string>,
  contact: SampleContact = defaultContact,
): Record<SignupStep, Record<string, unknown>> {
  const legal = company.legalAddress;
  const address = legal
    ? {
        legalStreet: legal.street,
        legalHouseNumber: legal.houseNumber,
        // 'Text' needs two symbols: a one-symbol premises number is left out (the field is optional).
        ...(legal.premisesNumber && legal.premisesNumber.length >= 2 ? { legalPremisesNumber: legal.premisesNumber } : {}),
        legalCity: legal.city,
        legalPostcode: legal.postcode,
        legalCountry: legal.country,
      }
    : { legalStreet: 'Brīvības iela', legalHouseNumber: '21', legalCity: 'Rīga', legalPostcode: 'LV-1010', legalCountry: 'LV' };
  const homeAddress = `${address.legalStreet} ${address.legalHouseNumber}, ${address.legalCity}`;
  return {
    general: {
      registrationNumber: company.registrationNumber,
      registrationDate: company.registeredOn ?? '2015-03-12',
      companyName: company.name,
      taxCountries: ['LV'],
      ...address,
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
      contactName: contact.name,
      contactSurname: contact.surname,
      contactPosition: 'Board member',
      contactPhone: contact.phone,
      contactEmail: contact.email,
      companyPhone: `3716${company.registrationNumber.slice(-7)}`,
      companyEmail: `info@${domainOf(company.name)}`,
      registrationCertificate: documents.certificate,
      articlesOfAssociation: documents.articles,
    },
    representatives: {
      representatives: [
        {
          name: contact.name,
          surname: contact.surname,
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
      owners: [{ ownerType: 'natural_person', name: contact.name, surname: contact.surname, personalId: '120389-10101', dateOfBirth: '1989-03-12', country: 'LV', sharePercent: '100' }],
    },
    true_beneficiary: {
      beneficiaries: [
        {
          name: contact.name,
          surname: contact.surname,
          personalId: '120389-10101',
          dateOfBirth: '1989-03-12',
          address: homeAddress,
          country: 'LV',
          sourceOfIncome: 'dividends',
          participation: 'direct_owner',
          phone: contact.phone,
          email: contact.email,
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
