import type { FormikErrors } from 'formik';
import type * as z from 'zod/mini';

type ErrorTree = Record<string, unknown> | unknown[];

/**
 * Puts `message` at `path` unless a message is already there (the first issue of a field wins). A message
 * already on a parent also wins: the field as a whole is wrong, so nothing is written below it.
 */
function setFirst(target: ErrorTree, path: readonly PropertyKey[], message: string): void {
  let node = target as Record<string, unknown>;
  for (let index = 0; index < path.length - 1; index += 1) {
    const key = String(path[index]);
    const existing = node[key];
    if (existing === undefined) {
      // Numbers index lists, like formik's own error shape.
      const child: ErrorTree = typeof path[index + 1] === 'number' ? [] : {};
      node[key] = child;
      node = child as Record<string, unknown>;
    } else if (typeof existing === 'object' && existing !== null) {
      node = existing as Record<string, unknown>;
    } else {
      return;
    }
  }
  const last = path[path.length - 1];
  if (last !== undefined) node[String(last)] ??= message;
}

/**
 * Validates form values with a shared zod schema (DESIGN section 5: rules live once). The result has
 * formik's error shape, so it serves as formik's `validate` and as the small sign-in form hook's.
 * Each field gets the message code of its first issue; screens translate it from the `errors` namespace.
 */
export function zodValidate<Values extends object>(schema: z.ZodMiniType) {
  return (values: Values): FormikErrors<Values> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      if (issue.path.length > 0) setFirst(errors, issue.path, issue.message);
    }
    return errors as FormikErrors<Values>;
  };
}
