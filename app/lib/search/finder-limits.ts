/**
 * The finder's bounds (app/models/finder.server.ts, decision 115): how much one question may read
 * and count. Pure constants, so that the benchmark's report holds its figures to the same numbers.
 */

/** Matches a question counts and orders at the most ("1,000+"), 50 pages of 20. */
export const FILTERED_CANDIDATES = 1000;

/**
 * Candidates one question may read from its plan's source (its rows-read ceiling): past it the
 * answer is the matches among those read, and says "at least".
 */
export const FIND_ROWS_BUDGET = 5000;

/**
 * Rows the nearest-first walk may read: it stops widening its circle when the next ring would
 * pass this, and answers what the circle it read holds (marked as more than counted).
 */
export const NEAR_ROWS_BUDGET = 4000;

/** Word matches up to which the words' own matches are the plan (read whole, so the answer is exact). */
export const FEW_WORD_MATCHES = 2000;

/**
 * Rows a question reads at the most: the words' count, then the budget's candidates, each up to
 * three rows (its index entry, its row, the check of its words).
 */
export const FIND_ROWS_CEILING = FEW_WORD_MATCHES + 1 + 3 * FIND_ROWS_BUDGET;
