import { describe, expect, it } from "vitest";
import { decodeXmlText, XmlError, XmlScanner, xmlAttributes } from "~/import/read/xml-scanner";

/** The scanner's events for `xml` fed in pieces of `size` characters, text pieces joined. */
function events(xml: string, size = xml.length): string[] {
  const out: string[] = [];
  const scanner = new XmlScanner({
    open: (name, attributes) => out.push(`<${name}${attributes}>`),
    text: (text) => {
      if (out.at(-1)?.startsWith("text:")) out[out.length - 1] += text;
      else out.push(`text:${text}`);
    },
    close: (name) => out.push(`</${name}>`),
  });
  for (let i = 0; i < xml.length; i += size) scanner.write(xml.slice(i, i + size));
  scanner.close();
  return out;
}

describe("XML scanner", () => {
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by <hand> -->' +
    '<sst count="2" note=\'a > b\'><si><t xml:space="preserve">Tom &amp; Jerry&#39;s &#x1F600; &lt;&gt;&quot;&apos;</t></si>' +
    "<si><t><![CDATA[<b>raw & kept</b>]]></t ><x/></si></sst>\n";
  const expected = [
    "<sst count=\"2\" note='a > b'>",
    "<si>",
    '<t xml:space="preserve">',
    "text:Tom & Jerry's 😀 <>\"'",
    "</t>",
    "</si>",
    "<si>",
    "<t>",
    "text:<b>raw & kept</b>",
    "</t>",
    "<x>",
    "</x>",
    "</si>",
    "</sst>",
  ];

  it("reads tags, attributes, entities, comments, CDATA and declarations the same whatever the chunking", () => {
    for (const size of [1, 2, 3, 5, 8, 13, xml.length]) expect(events(xml, size), `pieces of ${size}`).toEqual(expected);
  });

  it("refuses text that is not well-formed where the data depends on it", () => {
    const refused: [string, RegExp][] = [
      ["<a><b></a></b>", /<\/a> ile <b> kapanmıyor/],
      ["<a></a></b>", /açılmamış/],
      ["<a><b>x</b>", /<a> kapanmadı/],
      ["<a><b x='1'", /etiketin ortasında/],
      ["<a>Tom & Jerry</a>", /kaçışsız/],
      ["<a>&nbsp;</a>", /kaçışsız/],
      ["<a>&#xD800;</a>", /karakter başvurusu/],
      ['<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>', /DOCTYPE/],
      ["<a/><b/>", /ikinci bir öğe/],
      ["text<a/>", /kök öğenin dışında/],
      ["", /öğe yok/],
    ];
    for (const [text, message] of refused) {
      expect(() => events(text), text).toThrow(XmlError);
      expect(() => events(text), text).toThrow(message);
    }
  });

  it("decodes attribute values and keeps prefixed names as written", () => {
    expect(xmlAttributes(' r="A1" t = \'s\' r:id="rId1" title="a &amp; b &gt; c"')).toEqual({ r: "A1", t: "s", "r:id": "rId1", title: "a & b > c" });
    for (const broken of [' r="A1', ' r="A1" junk', ' r="A1" t s="1"', ' ="x"']) expect(() => xmlAttributes(broken), broken).toThrow(XmlError);
    expect(events('<x:c r="B2"/>')).toEqual(['<x:c r="B2">', "</x:c>"]);
  });

  it("leaves text without entities untouched", () => {
    const text = "plain text, no escapes";
    expect(decodeXmlText(text)).toBe(text);
  });
});
