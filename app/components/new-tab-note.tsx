/** Said after the text of a link that opens a new tab, which a screen reader does not otherwise announce. */
export function NewTabNote() {
  return <span className="sr-only"> (opens in a new tab)</span>;
}
