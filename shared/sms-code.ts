// Without zod (shared/auth.ts re-exports it): the /card page's code field uses it before zod is loaded.

/** What a pasted or typed code keeps: its digits (a pasted "123 456" or "Code: 123456" works). */
export function normaliseCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, 6);
}
