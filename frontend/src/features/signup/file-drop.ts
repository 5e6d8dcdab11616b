import type { TFunction } from 'i18next';
import { fileProblemOf, fileProblems, type DocumentContentType } from '@shared/onboarding/documents';

/**
 * SPEC section 8's file-drop codes: 1 invalid type, 2 too large, 3 too small, 4 maximum count reached. A document
 * field holds a single file (SPEC section 5), so dropping more than one at once is the fourth.
 */
export const fileDropCodes = { ...fileProblems, FILE_TOO_MANY: 4 } as const;
export type FileDropProblem = keyof typeof fileDropCodes;

/** A document field takes one file at a time. */
export const maxDroppedFiles = 1;

/** What is wrong with the files dropped on (or chosen in) a document field, before anything is uploaded. */
export function fileDropProblemOf(
  files: readonly { size: number; type: string }[],
  accepted: readonly DocumentContentType[],
): FileDropProblem | null {
  if (files.length > maxDroppedFiles) return 'FILE_TOO_MANY';
  const [file] = files;
  return file ? fileProblemOf(file, accepted) : null;
}

/**
 * The translated text of a drop problem or of a code the upload answered with. A field that takes images only
 * says so; the rest read the error catalogue (the server refuses a file with the same codes).
 */
export function fileDropText(t: TFunction, code: string, imagesOnly: boolean): string {
  if (code === 'FILE_TOO_MANY') return t('signup:documents.problems.FILE_TOO_MANY');
  if (code === 'FILE_TYPE_NOT_ALLOWED' && imagesOnly) return t('signup:documents.problems.imageType');
  return t([`errors:codes.${code}`, `errors:fields.${code}`], { defaultValue: t('errors:generic.unexpected') });
}
