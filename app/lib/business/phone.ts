/**
 * Phone fields as imports give them: sometimes several numbers in one field ("… / …", "… or …")
 * and an extension ("ext. 12"). A tel: link can dial only one number. Pure.
 */

const BETWEEN_NUMBERS = /[/,;]|\s+or\s+/i;
const EXTENSION = /\s*(?:ext\.?|extension|x|#)\s*(\d+)\s*$/i;

/** The first number in a phone field, as written (extension included); null when none has digits. */
export function firstPhoneNumber(phone: string): string | null {
  return phone.split(BETWEEN_NUMBERS).map((part) => part.trim()).find((part) => /\d/.test(part)) ?? null;
}

/**
 * A tel: link that dials the field's first number, an extension in RFC 3966 form
 * ("tel:+41440000000;ext=12"); null when there is no number to dial.
 */
export function telHref(phone: string): string | null {
  const number = firstPhoneNumber(phone);
  if (!number) return null;
  const extension = EXTENSION.exec(number);
  const dialled = (extension ? number.slice(0, extension.index) : number)
    .replace(/\(0\)/g, "") // "+44 (0)20 …": the trunk 0 is not dialled after a country code
    .replace(/[^\d+]/g, "")
    .replace(/(?!^)\+/g, "");
  if (!/\d/.test(dialled)) return null;
  return `tel:${dialled}${extension ? `;ext=${extension[1]}` : ""}`;
}
