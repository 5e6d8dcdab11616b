import * as z from 'zod';
import type { FieldMessageCode } from './errors';
import { parseEurToCents } from './money';

/**
 * A euro amount typed in a form ("12.50", a period as the decimal separator), read as cents and then checked by
 * `cents`, the rule the API applies to the same amount, so the form refuses exactly what the API would.
 */
export function eurTextToCents(required: FieldMessageCode, cents: z.ZodType<number, number>) {
  return z
    .string({ error: () => required })
    .trim()
    .min(1, { error: required })
    .transform((text, context) => {
      const tooPrecise = /\.\d{3,}$/.test(text);
      const parsed = /^-?\d+(\.\d+)?$/.test(text) && !tooPrecise ? parseEurToCents(text) : null;
      if (parsed === null) {
        context.addIssue({ code: 'custom', message: tooPrecise ? 'AMOUNT_TOO_PRECISE' : 'NUMBER_INVALID' });
        return z.NEVER;
      }
      return parsed;
    })
    .pipe(cents);
}

/** Cents as a form shows them again: "12.50", "0.00". */
export function centsToEurText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}
