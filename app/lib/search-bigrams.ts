/**
 * Bigrams of the scripts written without spaces between words (Han, Hiragana, Katakana,
 * Hangul). The index's tokenizer (unicode61) keeps such a run as one word, so "酒店" could not
 * find "上海外滩酒店". Each business's name is indexed once more as the overlapping bigrams of
 * each run ("上海 海外 外滩 滩酒 酒店", the stored column search_bigrams, migration 0011), and a
 * visitor's run is searched as the phrase of its bigrams, which is found in the middle of a name
 * too (decision 090). Pure.
 */

/**
 * A character of those scripts that the tokenizer keeps in a word (a letter or a number, so not
 * a circled or radical symbol); ー, the prolonged sound mark, is in no script of its own.
 */
const CJK_CHARACTER = String.raw`(?=[\p{L}\p{N}])[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー]`;
const CJK_RUN = new RegExp(`(?:${CJK_CHARACTER}){2,}`, "gu");
const CJK_WORD = new RegExp(`^(?:${CJK_CHARACTER}){2,}$`, "u");

/**
 * Compatibility forms read as their ordinary ones, on both sides: half-width katakana ("ﾎﾃﾙ" is
 * "ホテル"), squared and circled ones.
 */
const normalized = (text: string) => text.normalize("NFKC");

function bigramsOfRun(run: string): string[] {
  const characters = Array.from(run);
  return characters.slice(1).map((character, i) => characters[i]! + character);
}

/** The bigrams of every run of two or more such characters, space-separated; null when there is none. */
export function cjkBigrams(text: string): string | null {
  const runs = normalized(text).match(CJK_RUN);
  return runs ? runs.flatMap(bigramsOfRun).join(" ") : null;
}

/**
 * The bigrams of a visitor's word when it is all one such run ("外滩酒店" → 外滩, 滩酒, 酒店);
 * null for a single character or a word with other letters, which are searched as before.
 */
export function cjkWordBigrams(word: string): string[] | null {
  const text = normalized(word);
  return CJK_WORD.test(text) ? bigramsOfRun(text) : null;
}
