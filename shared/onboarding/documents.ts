import * as z from 'zod/mini';

/** The documents onboarding asks for (SPEC section 3). */
export const documentKinds = ['registration_certificate', 'articles_of_association', 'passport_photo', 'evidence_of_right'] as const;
export type DocumentKind = (typeof documentKinds)[number];
export const documentKindSchema = /* @__PURE__ */ z.enum(documentKinds);

/** SPEC sections 5 and 9. */
export const maxFileBytes = 10_000_000;
export const minFileBytes = 1;

export const documentContentTypes = ['application/pdf', 'image/png', 'image/jpeg', 'image/gif'] as const;
export type DocumentContentType = (typeof documentContentTypes)[number];
export const documentContentTypeSchema = /* @__PURE__ */ z.enum(documentContentTypes);
export const imageContentTypes: readonly DocumentContentType[] = ['image/png', 'image/jpeg', 'image/gif'];

/** A passport photo is an image; the other documents may also be PDF. */
export function acceptedTypesOf(kind: DocumentKind): readonly DocumentContentType[] {
  return kind === 'passport_photo' ? imageContentTypes : documentContentTypes;
}

const signatures: readonly { type: DocumentContentType; bytes: readonly number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
];
/** How many leading bytes decide a file's type. */
export const signatureLength = 8;

/** The type a file's first bytes say it is (magic bytes), whatever its name or declared type claim. */
export function detectContentType(head: Uint8Array): DocumentContentType | null {
  const match = signatures.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte));
  return match?.type ?? null;
}

/** File-drop codes of SPEC section 8, with the message each has in the errors namespace. */
export const fileProblems = {
  FILE_TYPE_NOT_ALLOWED: 1,
  FILE_TOO_LARGE: 2,
  FILE_EMPTY: 3,
} as const;
export type FileProblem = keyof typeof fileProblems;

/** What the browser can tell before uploading; the server checks the stored bytes again. */
export function fileProblemOf(file: { size: number; type: string }, accepted: readonly DocumentContentType[]): FileProblem | null {
  if (file.size < minFileBytes) return 'FILE_EMPTY';
  if (file.size > maxFileBytes) return 'FILE_TOO_LARGE';
  if (!accepted.includes(file.type as DocumentContentType)) return 'FILE_TYPE_NOT_ALLOWED';
  return null;
}

export const fileNameSchema = /* @__PURE__ */ z.string().check(z.trim(), z.minLength(1), z.maxLength(200));

export const createUploadSchema = /* @__PURE__ */ z.object({
  kind: documentKindSchema,
  fileName: fileNameSchema,
  contentType: documentContentTypeSchema,
  size: z.int().check(z.gte(minFileBytes), z.lte(maxFileBytes)),
});
export type CreateUpload = z.infer<typeof createUploadSchema>;

export const uploadAnswerSchema = /* @__PURE__ */ z.object({
  documentId: z.uuid(),
  /** The presigned POST: the browser sends `fields` and then the file as form data to `url`. */
  url: z.string(),
  fields: z.record(z.string(), z.string()),
});

export const documentParamsSchema = /* @__PURE__ */ z.object({ documentId: z.uuid() });

export const documentSchema = /* @__PURE__ */ z.object({
  documentId: z.string(),
  kind: documentKindSchema,
  fileName: z.string(),
  contentType: documentContentTypeSchema,
  size: z.int(),
  uploadedAt: z.string(),
});
export type DocumentView = z.infer<typeof documentSchema>;

export const documentLinkSchema = /* @__PURE__ */ z.object({ url: z.string(), expiresInSeconds: z.int() });
