import * as z from 'zod/mini';
import type { FieldMessageCode } from '../errors';
import { signupSteps, type SignupStep } from '../kyc';
import type { DocumentKind } from './documents';
import { blockSchema, type BlockValues, type Condition, type FormField } from './fields';

/** Images are reduced to this before upload: enough to read a passport, far below the 10 MB cap. */
const photoResize = { maxWidth: 2000, maxHeight: 2000, quality: 1 } as const;

/** An address of SPEC section 3 (street, house, premises, city, postcode, country), its fields named by prefix. */
const address = (prefix: string, showIf?: Condition): FormField[] => {
  const when = showIf ? { showIf } : {};
  return [
    {
      type: 'inline_fields',
      fields: [
        { type: 'text', format: 'text', name: `${prefix}Street`, ...when },
        { type: 'text', format: 'text', name: `${prefix}HouseNumber`, ...when },
        { type: 'text', format: 'text', name: `${prefix}PremisesNumber`, optional: true, ...when },
      ],
    },
    {
      type: 'inline_fields',
      fields: [
        { type: 'text', format: 'text', name: `${prefix}City`, ...when },
        { type: 'text', format: 'text', name: `${prefix}Postcode`, ...when },
        { type: 'select', options: 'countries', name: `${prefix}Country`, requiredCode: 'COUNTRY_REQUIRED', ...when },
      ],
    },
  ];
};

const fullName: FormField = {
  type: 'inline_fields',
  fields: [
    { type: 'text', format: 'name', name: 'name' },
    { type: 'text', format: 'name', name: 'surname' },
  ],
};

const person: FormField[] = [
  fullName,
  {
    type: 'inline_fields',
    fields: [
      { type: 'text', format: 'text', name: 'personalId' },
      { type: 'text', format: 'pastDate', name: 'dateOfBirth' },
    ],
  },
];

const general: FormField[] = [
  { type: 'title', key: 'company' },
  {
    type: 'inline_fields',
    fields: [
      { type: 'text', format: 'text', name: 'registrationNumber', readOnly: true, requiredCode: 'REGISTRATION_NUMBER_REQUIRED' },
      { type: 'text', format: 'pastDate', name: 'registrationDate' },
    ],
  },
  { type: 'text', format: 'text', name: 'companyName' },
  { type: 'select_list', options: 'countries', name: 'taxCountries', requiredCode: 'TAX_COUNTRIES_REQUIRED' },
  // Printed on the company's invoices (issue 34) where it has one.
  { type: 'text', format: 'text', name: 'vatNumber', optional: true },
  { type: 'title', key: 'legalAddress' },
  ...address('legal'),
  { type: 'checkbox', name: 'actualAddressSameAsLegal' },
  ...address('actual', { field: 'actualAddressSameAsLegal', equals: false }),
  { type: 'title', key: 'bankAccount' },
  {
    type: 'inline_fields',
    fields: [
      { type: 'text', format: 'text', name: 'bankName' },
      { type: 'text', format: 'swift', name: 'bankSwift' },
    ],
  },
  { type: 'text', format: 'iban', name: 'bankAccountNumber' },
  { type: 'title', key: 'companyDetails' },
  {
    type: 'inline_fields',
    fields: [
      { type: 'text', format: 'integer', name: 'employeeCount', min: 1, max: 1_000_000 },
      { type: 'text', format: 'integer', name: 'yearlyGrossWageBill', min: 0 },
    ],
  },
  { type: 'radio', options: 'workExperience', name: 'workExperience' },
  { type: 'textarea', name: 'activityDescription' },
  { type: 'radio', options: 'yesNo', name: 'relatedToLatvia' },
  { type: 'textarea', name: 'reasonForChoosing' },
  { type: 'input_list', name: 'cooperationPartners' },
  { type: 'radio', options: 'companyIncomeSources', name: 'sourceOfIncome' },
  { type: 'text', format: 'text', name: 'sourceOfIncomeOther', showIf: { field: 'sourceOfIncome', in: ['other'] } },
  { type: 'select_list', options: 'countries', name: 'mainSupplierCountries' },
  { type: 'select_list', options: 'countries', name: 'largestCustomerCountries' },
  { type: 'radio', options: 'yesNo', name: 'partOfGroup' },
  { type: 'text', format: 'text', name: 'groupName', showIf: { field: 'partOfGroup', equals: 'yes' } },
  { type: 'radio', options: 'yesNo', name: 'associationOrFoundation' },
  { type: 'title', key: 'contactPerson' },
  {
    type: 'inline_fields',
    fields: [
      { type: 'text', format: 'name', name: 'contactName' },
      { type: 'text', format: 'name', name: 'contactSurname' },
      { type: 'text', format: 'text', name: 'contactPosition' },
    ],
  },
  {
    type: 'inline_fields',
    fields: [
      { type: 'text', format: 'phone', name: 'contactPhone' },
      { type: 'text', format: 'email', name: 'contactEmail' },
    ],
  },
  { type: 'title', key: 'contactDetails' },
  {
    type: 'inline_fields',
    fields: [
      { type: 'text', format: 'phone', name: 'companyPhone' },
      { type: 'text', format: 'phone', name: 'companyFax', optional: true },
    ],
  },
  {
    type: 'inline_fields',
    fields: [
      { type: 'text', format: 'email', name: 'companyEmail' },
      { type: 'text', format: 'website', name: 'companyWebsite', optional: true },
    ],
  },
  { type: 'title', key: 'documents' },
  { type: 'file', document: 'registration_certificate', name: 'registrationCertificate' },
  { type: 'file', document: 'articles_of_association', name: 'articlesOfAssociation' },
];

const representatives: FormField[] = [
  {
    type: 'array',
    name: 'representatives',
    minItems: 1,
    fields: [
      ...person,
      {
        type: 'inline_fields',
        fields: [
          { type: 'text', format: 'text', name: 'passportNumber' },
          { type: 'text', format: 'text', name: 'placeOfBirth' },
        ],
      },
      { type: 'radio', options: 'rightToRepresent', name: 'rightToRepresent' },
      { type: 'radio', options: 'yesNo', name: 'usCitizenOrTaxResident' },
      { type: 'image', document: 'passport_photo', name: 'passportPhoto', resize: photoResize },
      { type: 'file', document: 'evidence_of_right', name: 'evidenceOfRight' },
    ],
  },
];

export const ownerShareThreshold = 25;

const owners: FormField[] = [
  {
    type: 'array',
    name: 'owners',
    minItems: 1,
    fields: [
      { type: 'radio', options: 'ownerTypes', name: 'ownerType' },
      { type: 'text', format: 'name', name: 'name', showIf: { field: 'ownerType', in: ['natural_person'] } },
      { type: 'text', format: 'name', name: 'surname', showIf: { field: 'ownerType', in: ['natural_person'] } },
      { type: 'text', format: 'text', name: 'personalId', showIf: { field: 'ownerType', in: ['natural_person'] } },
      { type: 'text', format: 'pastDate', name: 'dateOfBirth', showIf: { field: 'ownerType', in: ['natural_person'] } },
      { type: 'text', format: 'text', name: 'companyName', showIf: { field: 'ownerType', in: ['legal_entity'] } },
      { type: 'text', format: 'text', name: 'companyRegistrationNumber', showIf: { field: 'ownerType', in: ['legal_entity'] } },
      { type: 'select', options: 'countries', name: 'country', requiredCode: 'COUNTRY_REQUIRED' },
      { type: 'text', format: 'percent', name: 'sharePercent', min: ownerShareThreshold, max: 100, belowMinCode: 'OWNER_SHARE_TOO_LOW' },
    ],
  },
];

const trueBeneficiary: FormField[] = [
  {
    type: 'array',
    name: 'beneficiaries',
    minItems: 1,
    fields: [
      ...person,
      { type: 'text', format: 'text', name: 'address' },
      { type: 'select', options: 'countries', name: 'country', requiredCode: 'COUNTRY_REQUIRED' },
      { type: 'radio', options: 'beneficiaryIncomeSources', name: 'sourceOfIncome' },
      { type: 'text', format: 'text', name: 'sourceOfIncomeOther', showIf: { field: 'sourceOfIncome', in: ['other'] } },
      { type: 'radio', options: 'participation', name: 'participation' },
      { type: 'text', format: 'text', name: 'participationOther', showIf: { field: 'participation', in: ['other'] } },
      {
        type: 'inline_fields',
        fields: [
          { type: 'text', format: 'phone', name: 'phone' },
          { type: 'text', format: 'email', name: 'email' },
        ],
      },
    ],
  },
];

const politicalImportance: FormField[] = [
  { type: 'radio', options: 'yesNo', name: 'politicallyExposed' },
  {
    type: 'array',
    name: 'exposedPersons',
    minItems: 1,
    showIf: { field: 'politicallyExposed', equals: 'yes' },
    fields: [
      fullName,
      { type: 'text', format: 'text', name: 'position' },
      { type: 'select', options: 'countries', name: 'country', requiredCode: 'COUNTRY_REQUIRED' },
      { type: 'radio', options: 'pepRelations', name: 'relation' },
    ],
  },
];

const financialInformation: FormField[] = [
  {
    type: 'inline_fields',
    fields: [
      { type: 'text', format: 'integer', name: 'estimatedCards', min: 1, max: 100_000 },
      { type: 'text', format: 'integer', name: 'spendingLimitPerCard', min: 1 },
    ],
  },
  {
    type: 'inline_fields',
    fields: [
      { type: 'text', format: 'integer', name: 'monthlyDeposits', min: 0 },
      { type: 'text', format: 'integer', name: 'yearlyDeposits', min: 0 },
      { type: 'text', format: 'integer', name: 'averageTopUp', min: 0 },
    ],
  },
  {
    type: 'array',
    name: 'businessPartners',
    minItems: 1,
    fields: [
      {
        type: 'inline_fields',
        fields: [
          { type: 'text', format: 'text', name: 'partnerName' },
          { type: 'select', options: 'countries', name: 'partnerCountry', requiredCode: 'COUNTRY_REQUIRED' },
        ],
      },
    ],
  },
];

/** A rule across fields of a step: the path of the field it speaks about and the message. */
type StepRule = (values: BlockValues) => { path: (string | number)[]; code: FieldMessageCode } | null;

const ownerSharesAtMostWhole: StepRule = (values) => {
  const list = Array.isArray(values.owners) ? (values.owners as BlockValues[]) : [];
  const total = list.reduce((sum, owner) => sum + (Number(owner.sharePercent) || 0), 0);
  return total > 100 ? { path: ['owners'], code: 'OWNER_SHARES_OVER_100' } : null;
};

export interface StepDefinition {
  fields: readonly FormField[];
  rules: readonly StepRule[];
}

/** The six steps of SPEC section 2, in order: the forms render these and the API validates with them. */
export const stepDefinitions: Readonly<Record<SignupStep, StepDefinition>> = {
  general: { fields: general, rules: [] },
  representatives: { fields: representatives, rules: [] },
  owners: { fields: owners, rules: [ownerSharesAtMostWhole] },
  true_beneficiary: { fields: trueBeneficiary, rules: [] },
  political_importance: { fields: politicalImportance, rules: [] },
  financial_information: { fields: financialInformation, rules: [] },
};

const stepSchemas = new Map<SignupStep, z.ZodMiniType<BlockValues, BlockValues>>();

/** The schema of one step's answers; the form validates with it and so does the API. */
export function stepSchema(step: SignupStep): z.ZodMiniType<BlockValues, BlockValues> {
  let schema = stepSchemas.get(step);
  if (!schema) {
    const definition = stepDefinitions[step];
    schema = blockSchema(definition.fields).check(z.superRefine((values, context) => {
      for (const rule of definition.rules) {
        const problem = rule(values);
        if (problem) context.addIssue({ code: 'custom', message: problem.code, path: problem.path });
      }
    }));
    stepSchemas.set(step, schema);
  }
  return schema;
}

/** Every document a step's answers point at, wherever it sits in the step's lists. */
export interface DocumentReference {
  documentId: string;
  path: string;
  kind: DocumentKind;
}

export function documentIdsOf(fields: readonly FormField[], values: BlockValues): DocumentReference[] {
  const found: DocumentReference[] = [];
  const visit = (definitions: readonly FormField[], block: BlockValues, prefix: string) => {
    for (const field of definitions) {
      if (field.type === 'title') continue;
      if (field.type === 'inline_fields') {
        visit(field.fields, block, prefix);
        continue;
      }
      const value = block[field.name];
      if ((field.type === 'file' || field.type === 'image') && typeof value === 'string') {
        found.push({ documentId: value, path: `${prefix}${field.name}`, kind: field.document });
      }
      if (field.type === 'array' && Array.isArray(value)) {
        value.forEach((item, index) => visit(field.fields, item as BlockValues, `${prefix}${field.name}.${index}.`));
      }
    }
  };
  visit(fields, values, '');
  return found;
}

/** Every document the saved steps of an application point at. */
export function documentIdsOfAnswers(answers: Partial<Record<SignupStep, BlockValues>>): Set<string> {
  return new Set(
    signupSteps.flatMap((step) => {
      const values = answers[step];
      return values ? documentIdsOf(stepDefinitions[step].fields, values).map((reference) => reference.documentId) : [];
    }),
  );
}

export const stepParamsSchema = /* @__PURE__ */ z.object({ step: z.enum(signupSteps) });
