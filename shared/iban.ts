/** ISO 13616 check: move the first four characters to the end, letters to numbers, remainder mod 97 must be 1. */
export function mod97(digits: string): number {
  let remainder = 0;
  for (const char of digits) remainder = (remainder * 10 + Number(char)) % 97;
  return remainder;
}

/** Letters as ISO 13616 and ISO 11649 read them for the mod-97 check: A = 10 … Z = 35. */
export function numeric(text: string): string {
  return [...text.toUpperCase()].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');
}

export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  return mod97(numeric(iban.slice(4) + iban.slice(0, 4))) === 1;
}

/** Builds an IBAN with correct check digits from a country code and a basic bank account number. */
export function ibanOf(countryCode: string, bban: string): string {
  const check = 98 - mod97(numeric(`${bban}${countryCode}00`));
  return `${countryCode}${String(check).padStart(2, '0')}${bban}`;
}

/** Groups of four, as people read IBANs. */
export function formatIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})/g, '$1 ').trim();
}
