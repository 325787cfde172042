/** An e-mail as the site writes it, pure: what the transport (app/models/mail.server.ts) sends. */
export interface MailMessage {
  to: string;
  subject: string;
  /** Every message has a plain-text part. */
  text: string;
  html: string;
  /** Where a reply goes instead of the sender (a member's own address on a message they sent). */
  replyTo?: string;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe inside HTML, element content and quoted attributes alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Text on one line: control characters (CR and LF among them) become spaces, so no text can add an e-mail header or a line. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}
