import * as z from 'zod';
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
  rejectionReason: z.string().nullable(),
  submittedAt: z.string().nullable(),
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
  comment: z.string().nullable(),
  steps: z.array(signupStepSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const queueEntrySchema = /* @__PURE__ */ z.object({
  companyId: z.string(),
  companyName: z.string(),
  registrationNumber: z.string(),
  status: companyStatusSchema,
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;
export const queueAnswerSchema = /* @__PURE__ */ z.object({ rows: z.array(queueEntrySchema) });

export const reviewSchema = /* @__PURE__ */ applicationSchema.extend({ history: z.array(historyEntrySchema) });
export type Review = z.infer<typeof reviewSchema>;

export const applicationParamsSchema = /* @__PURE__ */ z.object({ companyId: z.string().min(1).max(100) });
export const applicationDocumentParamsSchema = /* @__PURE__ */ applicationParamsSchema.extend({ documentId: z.uuid() });

const comment = /* @__PURE__ */ textareaSchema();

export const rejectApplicationSchema = /* @__PURE__ */ z.object({ reason: comment });
export const returnApplicationSchema = /* @__PURE__ */ z.object({
  steps: z
    .array(signupStepSchema, { error: () => 'STEPS_REQUIRED' })
    .min(1, { error: 'STEPS_REQUIRED' })
    .refine((steps) => new Set(steps).size === steps.length, { error: 'DUPLICATE_OPTION' })
    .transform((steps) => signupSteps.filter((step) => steps.includes(step))),
  comment,
});
export type ReturnApplicationValues = z.input<typeof returnApplicationSchema>;

export const decisionAnswerSchema = /* @__PURE__ */ z.object({ status: companyStatusSchema });
