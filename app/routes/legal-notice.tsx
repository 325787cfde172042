import { LegalPage, legalPageLoader, legalPageMeta, type LegalSection } from "~/components/legal-page";
import { loaderHeaders } from "~/lib/web/route-headers";

export const headers = loaderHeaders;

export const loader = legalPageLoader;

export const meta = legalPageMeta("Legal Notice", "Company information, registration, management, liability insurance, intellectual property, dispute resolution and legal contact of WorldHotels Directory.", "/legal-notice");

const SECTIONS: LegalSection[] = [
  {
    id: "company",
    title: "Company Information",
    body: (
      <ul>
        <li>Company name: WorldHotels Directory Inc.</li>
        <li>Registered office: 350 Fifth Avenue, Suite 4800, New York, NY 10118, United States</li>
        <li>Phone: +1 (212) 555-0100 · Email: legal@worldhotels.example</li>
        <li>Website: a worldwide directory of over 564,000 businesses in 195+ countries, 15,000+ cities and 500+ categories, used by about 2.5 million people each month.</li>
      </ul>
    ),
  },
  {
    id: "registration",
    title: "Registration and Legal Status",
    body: <p>WorldHotels Directory Inc. is a corporation incorporated under the laws of the State of Delaware, registered with the Delaware Division of Corporations (file number 7712345) and qualified to do business in the State of New York. Federal Employer Identification Number: 88-1234567. EU VAT identification for digital services: EU372012345.</p>,
  },
  {
    id: "management",
    title: "Management and Responsibility",
    body: <p>The company is managed by its Board of Directors and represented by its Chief Executive Officer. The Chief Executive Officer is responsible for the content of this website within the meaning of applicable media law. Listings are based on data supplied by businesses and public sources; the businesses remain responsible for the accuracy of their own information.</p>,
  },
  {
    id: "insurance",
    title: "Professional Liability Insurance",
    body: <p>We hold professional liability (errors and omissions) insurance with coverage of USD 5,000,000 per claim and USD 10,000,000 in the aggregate, and cyber liability insurance with coverage of USD 2,000,000, valid worldwide. Our audience is distributed as follows: United States 45%, European Union 30%, Asia-Pacific 20%, other regions 5%.</p>,
  },
  {
    id: "intellectual-property",
    title: "Intellectual Property",
    body: <p>The WorldHotels Directory name, logo, design, software and the compilation of the directory are protected by copyright, trademark and database rights. Business names, photos and trademarks shown in listings belong to their owners. You may link to any page of the directory; copying or systematically extracting its content requires our written permission.</p>,
  },
  {
    id: "disputes",
    title: "Dispute Resolution",
    body: (
      <ol className="list-decimal space-y-1 pl-6">
        <li><strong>Direct resolution</strong> – write to legal@worldhotels.example; we respond within 10 business days and try to settle the matter amicably within 30 days.</li>
        <li><strong>Mediation</strong> – if that fails, either party may refer the dispute to non-binding mediation administered by the American Arbitration Association.</li>
        <li><strong>Arbitration</strong> – disputes not resolved by mediation within 60 days are settled by binding arbitration in New York under the AAA Commercial Arbitration Rules.</li>
        <li><strong>Legal action</strong> – claims that cannot be arbitrated by law, and claims for injunctive relief, are brought before the state or federal courts of New York County.</li>
      </ol>
    ),
  },
  {
    id: "governing-law",
    title: "Governing Law",
    body: <p>This notice and the use of the website are governed by the laws of the State of New York and the federal laws of the United States, without regard to conflict-of-law rules. Mandatory consumer protection rules of your country of residence remain unaffected.</p>,
  },
  {
    id: "compliance",
    title: "Compliance and Certifications",
    body: <p>We process personal data in line with the EU and UK General Data Protection Regulations and the California Consumer Privacy Act, follow the Web Content Accessibility Guidelines 2.1 level AA for our public pages, and have our security controls audited annually against the SOC 2 Type II criteria.</p>,
  },
  {
    id: "legal-contact",
    title: "Legal Contact",
    body: <p>Legal department: legal@worldhotels.example · +1 (212) 555-0103. Office hours: Monday to Friday 9:00 AM – 6:00 PM EST, Saturday 10:00 AM – 4:00 PM EST, closed on Sunday.</p>,
  },
];

export default function LegalNotice() {
  return <LegalPage title="Legal Notice" intro={<p>Information about the company that operates WorldHotels Directory, as required by law.</p>} sections={SECTIONS} />;
}
