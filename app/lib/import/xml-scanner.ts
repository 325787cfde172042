/**
 * A streaming scanner for the XML an .xlsx holds: start tags (with their attribute text), text
 * and end tags, fed in chunks of any size. It jumps from "<" to "<" with indexOf instead of
 * reading character by character, and decodes entities only in text that has an "&": the
 * shared strings and the sheet of a large import go through it several times faster than
 * through a general parser (decision 103).
 *
 * Well-formedness is checked as far as reading the data needs: end tags must close the open
 * element, entities must be XML's, and the text must not end inside a tag or an element. A
 * document type declaration is refused (OOXML has none). Names keep their prefixes ("x:c"), as
 * the readers compared them before.
 */

export class XmlError extends Error {}

export interface XmlHandlers {
  /** A start tag; `attributes` is the raw text after its name (see `xmlAttributes`). */
  open(name: string, attributes: string): void;
  /** Character data, entities decoded (CDATA as written); may come in several pieces. */
  text(text: string): void;
  /** An end tag, or right after `open` for an empty-element tag (`<c/>`). */
  close(name: string): void;
}

const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([0-9a-fA-F]{1,6}));|&/g;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Text with XML's five named entities and character references decoded; any other "&" is an error. */
export function decodeXmlText(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(ENTITY, (whole, name: string | undefined, decimal: string | undefined, hex: string | undefined) => {
    if (name) return NAMED[name]!;
    const codePoint = decimal !== undefined ? Number(decimal) : hex !== undefined ? Number.parseInt(hex, 16) : NaN;
    if (!(codePoint > 0 && codePoint <= 0x10ffff) || (codePoint >= 0xd800 && codePoint <= 0xdfff)) {
      throw new XmlError(`geçersiz karakter başvurusu ${whole.length > 1 ? whole : "& (kaçışsız)"}`);
    }
    return String.fromCodePoint(codePoint);
  });
}

/** The attributes of a start tag's attribute text, values decoded. */
export function xmlAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  let i = 0;
  for (;;) {
    const equals = text.indexOf("=", i);
    if (equals < 0) return attributes;
    const name = text.slice(i, equals).trim();
    let open = equals + 1;
    while (isSpace(text.charCodeAt(open))) open++;
    const quote = text[open];
    const close = quote === '"' || quote === "'" ? text.indexOf(quote, open + 1) : -1;
    if (name === "" || close < 0) throw new XmlError(`bozuk öznitelik: ${text.trim().slice(0, 40)}`);
    attributes[name] = decodeXmlText(text.slice(open + 1, close));
    i = close + 1;
  }
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/** Index of the ">" closing the tag that starts at `start` (quoted values may hold ">"), or -1 if not in `text` yet. */
export function tagEnd(text: string, start: number): number {
  let quote = 0;
  for (let i = start + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (quote) {
      if (code === quote) quote = 0;
    } else if (code === 34 || code === 39) quote = code;
    else if (code === 62) return i;
  }
  return -1;
}

/** Where a tag's name ends: at whitespace, "/" or ">". */
function nameEnd(text: string, from: number, end: number): number {
  for (let i = from; i < end; i++) {
    const code = text.charCodeAt(i);
    if (isSpace(code) || code === 47 || code === 62) return i;
  }
  return end;
}

export class XmlScanner {
  /** The unread end of the last chunk: a tag, comment or text not yet known to be whole. */
  private held = "";
  private readonly open: string[] = [];
  private rootSeen = false;

  constructor(private readonly handlers: XmlHandlers) {}

  write(chunk: string): this {
    const text = this.held + chunk;
    this.held = "";
    let at = 0;
    // The next "&" of the chunk, searched again only once passed: most text has none to decode.
    let ampersand = text.indexOf("&");
    for (;;) {
      const lt = text.indexOf("<", at);
      if (lt < 0) {
        // Text may go on in the next chunk (and an entity may be cut in two): held until a tag.
        this.held = text.slice(at);
        return this;
      }
      if (lt > at) {
        if (ampersand >= 0 && ampersand < at) ampersand = text.indexOf("&", at);
        this.characters(text.slice(at, lt), ampersand >= 0 && ampersand < lt);
      }
      const next = this.markup(text, lt);
      if (next < 0) {
        this.held = text.slice(lt);
        return this;
      }
      at = next;
    }
  }

  close(): void {
    const rest = this.held;
    this.held = "";
    if (rest.trim() !== "") {
      if (rest.startsWith("<")) throw new XmlError("belge bir etiketin ortasında bitiyor");
      this.characters(rest, rest.includes("&"));
    }
    if (this.open.length > 0) throw new XmlError(`belge bitti, <${this.open.at(-1)}> kapanmadı`);
    if (!this.rootSeen) throw new XmlError("belgede öğe yok");
  }

  private characters(text: string, entities: boolean) {
    if (this.open.length === 0) {
      if (text.trim() !== "") throw new XmlError("kök öğenin dışında metin");
      return;
    }
    this.handlers.text(entities ? decodeXmlText(text) : text);
  }

  /** Reads the markup at `lt`; returns where the text after it starts, or -1 when it is not all in `text`. */
  private markup(text: string, lt: number): number {
    const kind = text.charCodeAt(lt + 1);
    if (Number.isNaN(kind)) return -1;
    if (kind === 47 /* / */) {
      const end = text.indexOf(">", lt + 2);
      if (end < 0) return -1;
      const expected = this.open.pop();
      // Compared in place: no string is made for the name of every end tag.
      let after = expected === undefined ? -1 : lt + 2 + expected.length;
      if (after > end || !text.startsWith(expected!, lt + 2)) after = -1;
      while (after >= 0 && after < end && isSpace(text.charCodeAt(after))) after++;
      if (after !== end) {
        const name = text.slice(lt + 2, end).trim();
        throw new XmlError(expected ? `</${name}> ile <${expected}> kapanmıyor` : `</${name}> açılmamış bir öğeyi kapatıyor`);
      }
      this.handlers.close(expected!);
      return end + 1;
    }
    if (kind === 63 /* ? */) {
      const end = text.indexOf("?>", lt + 2);
      return end < 0 ? -1 : end + 2;
    }
    if (kind === 33 /* ! */) {
      if (text.startsWith("<!--", lt)) {
        const end = text.indexOf("-->", lt + 4);
        return end < 0 ? -1 : end + 3;
      }
      // Too short yet to tell a comment or CDATA section from anything else.
      if (text.length < lt + 9 && ("<![CDATA[".startsWith(text.slice(lt)) || "<!--".startsWith(text.slice(lt)))) return -1;
      if (text.startsWith("<![CDATA[", lt)) {
        const end = text.indexOf("]]>", lt + 9);
        if (end < 0) return -1;
        if (this.open.length === 0) throw new XmlError("kök öğenin dışında CDATA");
        this.handlers.text(text.slice(lt + 9, end));
        return end + 3;
      }
      throw new XmlError("belge türü bildirimi (DOCTYPE) ya da bilinmeyen <! işareti");
    }
    const end = tagEnd(text, lt);
    if (end < 0) return -1;
    const selfClosing = text.charCodeAt(end - 1) === 47;
    const stop = nameEnd(text, lt + 1, end);
    const name = text.slice(lt + 1, stop);
    if (name === "") throw new XmlError("adsız etiket");
    if (this.open.length === 0) {
      if (this.rootSeen) throw new XmlError(`kök öğeden sonra ikinci bir öğe <${name}>`);
      this.rootSeen = true;
    }
    const attributesEnd = selfClosing ? end - 1 : end;
    this.handlers.open(name, stop < attributesEnd ? text.slice(stop, attributesEnd) : "");
    if (selfClosing) this.handlers.close(name);
    else this.open.push(name);
    return end + 1;
  }
}
