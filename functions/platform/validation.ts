import type { z } from 'zod';
import { fieldMessages, type FieldMessageCode } from '@shared/errors';

function isFieldMessageCode(message: string): message is FieldMessageCode {
  return message in fieldMessages;
}

/**
 * Turns zod issues into `{ "path.to.field": "MESSAGE_CODE" }`. Schemas in shared/ name their message codes;
 * zod's own wording is replaced by a stable code so the frontend can translate it.
 */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    if (fields[path]) continue;
    if (isFieldMessageCode(issue.message)) fields[path] = issue.message;
    else if (issue.code === 'invalid_type' && issue.input === undefined) fields[path] = 'REQUIRED';
    else fields[path] = 'INVALID_VALUE';
  }
  return fields;
}

/** zod leaves the offending input out of its issues unless asked; fieldErrorsOf needs it to tell "missing". */
export function safeParseReportingInput<T extends z.ZodType>(schema: T, value: unknown) {
  return schema.safeParse(value, { reportInput: true });
}
