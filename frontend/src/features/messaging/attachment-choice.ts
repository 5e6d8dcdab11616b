import { maxAttachmentsPerMessage } from '@shared/messaging';
import { documentContentTypes, fileProblemOf } from '@shared/onboarding/documents';

export interface RefusedFile {
  fileName: string;
  /** A message code of the errors namespace. */
  code: string;
}

/**
 * Which of the files just chosen can join a message that already has `alreadyChosen` attachments: the onboarding
 * documents' rules (images and PDF, 1 byte to 10 MB), at most five per message. The server checks again.
 */
export function chooseAttachments<F extends { name: string; size: number; type: string }>(alreadyChosen: number, files: readonly F[]): { accepted: F[]; refused: RefusedFile[] } {
  const accepted: F[] = [];
  const refused: RefusedFile[] = [];
  for (const file of files) {
    const problem = fileProblemOf(file, documentContentTypes);
    if (problem) refused.push({ fileName: file.name, code: problem });
    else if (alreadyChosen + accepted.length >= maxAttachmentsPerMessage) refused.push({ fileName: file.name, code: 'TOO_MANY_ATTACHMENTS' });
    else accepted.push(file);
  }
  return { accepted, refused };
}
