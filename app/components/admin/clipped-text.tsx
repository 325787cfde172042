/**
 * A value of unknown length on one line, cut with an ellipsis where its box ends and whole in its
 * title (a failed sign-in can record a 300-character made-up name): the layout holds at any width.
 * The parent must let it shrink (a flex or grid parent needs min-w-0 up to the width it may use).
 */
export function ClippedText({ text, className = "" }: { text: string; className?: string }) {
  return (
    <span className={`block min-w-0 max-w-full truncate ${className}`} title={text}>
      {text}
    </span>
  );
}
