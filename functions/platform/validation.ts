import type * as z from 'zod/mini';
import { messageCodeOf } from '@shared/validation';

/** Turns zod issues into `{ "path.to.field": "MESSAGE_CODE" }`, the first problem of each field. */
export function fieldErrorsOf(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    fields[path] ??= messageCodeOf(issue);
  }
  return fields;
}

/** zod leaves the offending input out of its issues unless asked; messageCodeOf needs it to tell "missing". */
export function safeParseReportingInput<T extends z.ZodMiniType>(schema: T, value: unknown) {
  return schema.safeParse(value, { reportInput: true });
}
