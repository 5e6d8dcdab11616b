import * as z from 'zod/mini';
import { signupStepSchema, kycStatusSchema, signupSteps } from '../kyc';
import { companyStatusSchema } from '../statuses';
import { textareaSchema } from './fields';
import { documentSchema } from './documents';

const stepAnswersSchema = /* @__PURE__ */ z.record(z.string(), z.unknown());

/** A step sent back by the provider, with what the applicant must fix. */
export const returnedStepsSchema = /* @__PURE__ */ z.partialRecord(signupStepSchema, z.string());
export type ReturnedSteps = z.infer<typeof returnedStepsSchema>;

/** What the applicant sees of their application: every saved step, the documents, and the provider's word. */
export const applicationSchema = /* @__PURE__ */ z.object({
  companyId: z.string(),
  companyName: z.string(),
  registrationNumber: z.string(),
  status: companyStatusSchema,
  kycStatus: kycStatusSchema,
  steps: z.partialRecord(signupStepSchema, stepAnswersSchema),
  returnedSteps: returnedStepsSchema,
  rejectionReason: z.nullable(z.string()),
  submittedAt: z.nullable(z.string()),
  documents: z.array(documentSchema),
});
export type Application = z.infer<typeof applicationSchema>;

export const saveStepAnswerSchema = /* @__PURE__ */ z.object({
  status: companyStatusSchema,
  kycStatus: kycStatusSchema,
  /** Where the applicant goes next: the following step, the next returned one, or the success screen. */
  next: z.union([signupStepSchema, z.literal('submitted')]),
});

export const applicationActions = ['submitted', 'resubmitted', 'approved', 'rejected', 'returned'] as const;
export type ApplicationAction = (typeof applicationActions)[number];

export const historyEntrySchema = /* @__PURE__ */ z.object({
  at: z.string(),
  action: z.enum(applicationActions),
  actorName: z.string(),
  actorEmail: z.string(),
  comment: z.nullable(z.string()),
  steps: z.array(signupStepSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const queueEntrySchema = /* @__PURE__ */ z.object({
  companyId: z.string(),
  companyName: z.string(),
  registrationNumber: z.string(),
  status: companyStatusSchema,
  submittedAt: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;
export const queueAnswerSchema = /* @__PURE__ */ z.object({ rows: z.array(queueEntrySchema) });

export const reviewSchema = /* @__PURE__ */ z.extend(applicationSchema, { history: z.array(historyEntrySchema) });
export type Review = z.infer<typeof reviewSchema>;

export const applicationParamsSchema = /* @__PURE__ */ z.object({ companyId: z.string().check(z.minLength(1), z.maxLength(100)) });
export const applicationDocumentParamsSchema = /* @__PURE__ */ z.extend(applicationParamsSchema, { documentId: z.uuid() });

const comment = /* @__PURE__ */ textareaSchema();

export const rejectApplicationSchema = /* @__PURE__ */ z.object({ reason: comment });
export const returnApplicationSchema = /* @__PURE__ */ z.object({
  steps: z.pipe(z.array(signupStepSchema, { error: () => 'STEPS_REQUIRED' }).check(
    z.minLength(1, { error: 'STEPS_REQUIRED' }),
    z.refine((steps) => new Set(steps).size === steps.length, { error: 'DUPLICATE_OPTION' }),
  ), z.transform((steps) => signupSteps.filter((step) => steps.includes(step)))),
  comment,
});
export type ReturnApplicationValues = z.input<typeof returnApplicationSchema>;

export const decisionAnswerSchema = /* @__PURE__ */ z.object({ status: companyStatusSchema });
