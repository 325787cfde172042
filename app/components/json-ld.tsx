import { serializeJsonLd } from "~/lib/directory/seo";

/** Structured data block; the content is escaped by serializeJsonLd (untrusted names). */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
