import * as z from 'zod/mini';
import { signupStepSchema } from '@shared/kyc';
import { historyEntrySchema, returnedStepsSchema } from '@shared/onboarding/application';
import { documentContentTypeSchema, documentKindSchema } from '@shared/onboarding/documents';

// Items are read through these so a malformed row fails loudly here, not deep in a use case.
export const applicationRecord = /* @__PURE__ */ z.object({
  companyId: z.string(),
  answers: z._default(z.partialRecord(signupStepSchema, z.record(z.string(), z.unknown())), {}),
  returnedSteps: z._default(returnedStepsSchema, {}),
  rejectionReason: z._default(z.nullable(z.string()), null),
  submittedAt: z._default(z.nullable(z.string()), null),
  /** Every write compares it with what it read, so two tabs cannot overwrite each other's answers unseen. */
  updatedAt: z.string(),
});
export type ApplicationRecord = z.infer<typeof applicationRecord>;

export const documentRecord = /* @__PURE__ */ z.object({
  companyId: z.string(),
  documentId: z.string(),
  kind: documentKindSchema,
  fileName: z.string(),
  contentType: documentContentTypeSchema,
  size: z.int(),
  /** uploading: a presigned POST was handed out; stored: the bytes were checked and accepted. */
  status: z.enum(['uploading', 'stored']),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
});
export type DocumentRecord = z.infer<typeof documentRecord>;

export const applicationEventRecord = /* @__PURE__ */ z.extend(historyEntrySchema, { companyId: z.string() });
