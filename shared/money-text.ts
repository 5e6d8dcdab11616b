import * as z from 'zod/mini';
import type { FieldMessageCode } from './errors';
import { parseEurToCents } from './money';
import { addIssue } from './validation';

/**
 * A euro amount typed in a form ("12.50", a period as the decimal separator), read as cents and then checked by
 * `cents`, the rule the API applies to the same amount, so the form refuses exactly what the API would.
 */
export function eurTextToCents(required: FieldMessageCode, cents: z.ZodMiniType<number, number>) {
  const text = z.string({ error: () => required }).check(z.trim(), z.minLength(1, { error: required }));
  const toCents = z.transform((typed: string, context) => {
    const tooPrecise = /\.\d{3,}$/.test(typed);
    const parsed = /^-?\d+(\.\d+)?$/.test(typed) && !tooPrecise ? parseEurToCents(typed) : null;
    if (parsed === null) {
      addIssue(context, { message: tooPrecise ? 'AMOUNT_TOO_PRECISE' : 'NUMBER_INVALID' });
      return z.NEVER;
    }
    return parsed;
  });
  return z.pipe(z.pipe(text, toCents), cents);
}

/** Cents as a form shows them again: "12.50", "0.00". */
export function centsToEurText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}
