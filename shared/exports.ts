import * as z from 'zod/mini';

/**
 * SPEC section 4 "Background export" and section 3 "Background file response": a download request answers the file's
 * id and the seconds it should take, or (when that is longer than anyone should wait) only the e-mail address the file
 * will be sent to. Availability is polled each second; the file itself comes as a short-lived link to the bucket.
 */
export const backgroundFileAnswerSchema = /* @__PURE__ */ z.object({
  timeRemaining: z.optional(z.int().check(z.nonnegative())),
  fileId: z.optional(z.string()),
  descriptionValues: z.optional(z.object({ email: z.string() })),
});
export type BackgroundFileAnswer = z.infer<typeof backgroundFileAnswerSchema>;

export const exportParamsSchema = /* @__PURE__ */ z.object({ fileId: z.string().check(z.minLength(1), z.maxLength(64)) });

export const exportAvailabilitySchema = /* @__PURE__ */ z.object({ available: z.boolean() });
export type ExportAvailability = z.infer<typeof exportAvailabilitySchema>;

/** The file: a presigned GET of the reports bucket (Lambda cannot answer 500,000 rows itself), and its name. */
export const exportFileSchema = /* @__PURE__ */ z.object({ url: z.string(), fileName: z.string() });
export type ExportFile = z.infer<typeof exportFileSchema>;

/** A download that should take longer than this is e-mailed instead of waited for (docs/decisions.md). */
export const exportMaxWaitSeconds = 60;
