import type * as z from 'zod';
import { messageCodeOf } from '@shared/validation';

/** Turns zod issues into `{ "path.to.field": "MESSAGE_CODE" }`, the first problem of each field. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    fields[path] ??= messageCodeOf(issue);
  }
  return fields;
}

/** zod leaves the offending input out of its issues unless asked; messageCodeOf needs it to tell "missing". */
export function safeParseReportingInput<T extends z.ZodType>(schema: T, value: unknown) {
  return schema.safeParse(value, { reportInput: true });
}
