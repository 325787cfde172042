/**
 * Words inside a name that the index's tokenizer (unicode61) cannot find, because their scripts
 * are written without spaces between words: it keeps such a run as one word, so "酒店" could not
 * find "上海外滩酒店" nor "แมนดาริน" find "โรงแรมแมนดาริน". Each business's name is indexed once
 * more with these words (the stored column name_inner_words), and a visitor's
 * word in those scripts is searched as the phrase of its parts, found in the middle of a name
 * too. Pure.
 *
 * - Chinese, Japanese and Korean: the overlapping bigrams of each run ("上海 海外 外滩 滩酒
 *   酒店"), needing no dictionary (decision 070).
 * - Thai, Lao and Burmese: the words of each run as the runtime's ICU word breaker finds
 *   them with its dictionaries ("โรงแรม แมน ดา ริน"); bigrams of letters would cut through
 *   their vowel signs (decision 070).
 * - Khmer: the written clusters of each run ("ស ណ្ឋា គា រ អ ង្គ រ វ ត្ត"), needing no
 *   dictionary, which workerd's ICU lacks for Khmer (decision 070).
 */

/**
 * A character of the bigrammed scripts that the tokenizer keeps in a word (a letter or a number,
 * so not a circled or radical symbol); ー, the prolonged sound mark, is in no script of its own.
 */
const CJK_CHARACTER = String.raw`(?=[\p{L}\p{N}])[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー]`;
const CJK_RUN = new RegExp(`(?:${CJK_CHARACTER}){2,}`, "gu");
const CJK_WORD = new RegExp(`^(?:${CJK_CHARACTER}){2,}$`, "u");

/** Letters, signs and digits of the scripts a dictionary segments. */
const SEGMENTED_CHARACTER = String.raw`[\p{Script=Thai}\p{Script=Lao}\p{Script=Myanmar}]`;
const SEGMENTED_RUN = new RegExp(`${SEGMENTED_CHARACTER}+`, "gu");
const SEGMENTED_WORD = new RegExp(`^${SEGMENTED_CHARACTER}+$`, "u");

const KHMER_RUN = /\p{Script=Khmer}+/gu;
const KHMER_WORD = /^\p{Script=Khmer}+$/u;
/**
 * A Khmer cluster as written: a consonant or independent vowel with the consonants stacked under
 * it (coeng, U+17D2, then a consonant) and its vowel signs and diacritics; anything else in a run
 * (digits, punctuation) goes in pieces of its own.
 */
const KHMER_CLUSTER = /[\u1780-\u17b3](?:\u17d2[\u1780-\u17b3]|[\u17b4-\u17d1\u17d3\u17dd])*|[^\u1780-\u17b3]+/gu;

/**
 * Some character from Thai (U+0E00) on, where every script above lies, with the compatibility
 * forms NFKC turns into them and the surrogates of Han's rarer characters: below it (Latin,
 * Greek, Cyrillic, Arabic, Indic…) NFKC makes nothing of these scripts.
 */
const MAY_HOLD_UNSPACED_SCRIPT = /[\u0e00-\uffff]/;

/** ICU picks the dictionary by script, whatever the locale. Made on first use, not at start-up. */
let wordBreaker: Intl.Segmenter | null = null;

/**
 * Compatibility forms read as their ordinary ones, on both sides: half-width katakana ("ﾎﾃﾙ" is
 * "ホテル"), squared and circled ones. Not for the segmented scripts: NFKC splits Thai's ำ into
 * two signs the dictionary does not know ("น้ำ" would no longer be a word), so they are only
 * composed canonically.
 */
const compatible = (text: string) => text.normalize("NFKC");
const composed = (text: string) => text.normalize("NFC");

function bigramsOfRun(run: string): string[] {
  const characters = Array.from(run);
  return characters.slice(1).map((character, i) => characters[i]! + character);
}

/** The dictionary words of a run; the run alone when the breaker finds no boundary in it. */
function wordsOfRun(run: string): string[] {
  wordBreaker ??= new Intl.Segmenter("th", { granularity: "word" });
  return Array.from(wordBreaker.segment(run), (part) => part.segment);
}

/**
 * The clusters of a Khmer run. Not its dictionary words even where the runtime has them (Node's
 * ICU does, workerd's does not): the seeder and the Worker must split a name alike, and a word is
 * found from any cluster, as a Chinese one is from any character.
 */
function clustersOfRun(run: string): string[] {
  return run.match(KHMER_CLUSTER) ?? [];
}

/**
 * The inner words of every run in a name, space-separated (bigrams of the runs of two or more
 * Chinese, Japanese or Korean characters; the words of the Thai, Lao or Burmese runs the breaker
 * splits; the clusters of Khmer runs of more than one); null when there is none.
 */
export function nameInnerWords(name: string): string | null {
  // Every imported row comes here, most in scripts written with spaces: two normalizations and
  // scans cost ten times this check (137 ms against 12 ms per 500,000 Latin names).
  if (!MAY_HOLD_UNSPACED_SCRIPT.test(name)) return null;
  const bigrams = (compatible(name).match(CJK_RUN) ?? []).flatMap(bigramsOfRun);
  const runs = composed(name);
  const split = [...(runs.match(SEGMENTED_RUN) ?? []).map(wordsOfRun), ...(runs.match(KHMER_RUN) ?? []).map(clustersOfRun)];
  const all = [...bigrams, ...split.filter((parts) => parts.length > 1).flat()];
  return all.length > 0 ? all.join(" ") : null;
}

/**
 * The parts a visitor's word is searched as, a phrase, when it is all one run of these scripts
 * ("外滩酒店" → 外滩, 滩酒, 酒店; "แมนดาริน" → แมน, ดา, ริน; "វត្ត" → វ, ត្ត); a word the breaker
 * does not split is its own only part. Null for a single Chinese, Japanese or Korean character and for a word
 * with other letters, which are searched as before.
 */
export function wordParts(word: string): string[] | null {
  const cjk = compatible(word);
  if (CJK_WORD.test(cjk)) return bigramsOfRun(cjk);
  const segmented = composed(word);
  if (KHMER_WORD.test(segmented)) return clustersOfRun(segmented);
  return SEGMENTED_WORD.test(segmented) ? wordsOfRun(segmented) : null;
}
