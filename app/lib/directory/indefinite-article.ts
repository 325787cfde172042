/**
 * "a" or "an" before a phrase, by how its first word sounds: "an indian restaurant", "a hotel",
 * "a university", "an hour", "an RV park". Pure; English only (categories are English).
 */
export function indefiniteArticle(phrase: string): "a" | "an" {
  const word = phrase.trim().split(/[\s-]/)[0] ?? "";
  // An acronym is read letter by letter: "an RV park", "an MRI centre", "a UFO museum".
  if (/^[A-Z]{2,}$/.test(word)) return /^[AEFHILMNORSX]/.test(word) ? "an" : "a";
  // Digits are read as numbers: "an 8-bed dorm", "an 11-storey tower", "a 10-room inn".
  if (/^\d/.test(word)) return /^8|^1[18](\d{3})*$/.test(word.replace(/[^\d].*$/, "")) ? "an" : "a";
  const lower = word.toLowerCase();
  // A vowel letter that sounds like "you"/"w" takes "a"; a silent h takes "an".
  if (/^(uni|use|usu|uti|uro|eu|ewe|one|once|ubiq|ufo)/.test(lower)) return "a";
  if (/^(hour|honest|honou?r|heir)/.test(lower)) return "an";
  return /^[aeiou]/.test(lower) ? "an" : "a";
}
