import { LegalPage, legalPageLoader, legalPageMeta, type LegalSection } from "~/components/legal-page";
import { loaderHeaders } from "~/lib/web/route-headers";

export const headers = loaderHeaders;

export const loader = legalPageLoader;

export const meta = legalPageMeta("Terms of Service", "The terms that govern the use of WorldHotels Directory: accounts, content guidelines, intellectual property, liability, termination and dispute resolution.", "/terms-of-service");

const SECTIONS: LegalSection[] = [
  {
    id: "agreement",
    title: "Agreement to Terms",
    body: <p>These Terms of Service form a binding agreement between you and WorldHotels Directory Inc. By accessing or using the directory you agree to them. If you use the directory on behalf of a business, you confirm that you may bind that business to these terms.</p>,
  },
  {
    id: "services",
    title: "Our Services",
    body: (
      <>
        <p>We provide a free, searchable directory of hotels and other businesses worldwide, with contact details, ratings, opening hours, amenities and maps. Our service commitments:</p>
        <ul>
          <li>Support requests answered within 24 hours.</li>
          <li>Website availability (uptime) of 99.9% measured monthly.</li>
          <li>Listing accuracy of 95%+, checked continuously against source data.</li>
          <li>Pages answered in under 2 seconds.</li>
        </ul>
      </>
    ),
  },
  {
    id: "accounts",
    title: "User Accounts",
    body: <p>You may create an account to submit listings, leave reviews and contact businesses. You must give accurate information, keep your password confidential and tell us at once about unauthorised use. You are responsible for everything done with your account. You must be at least 16 years old to hold an account.</p>,
  },
  {
    id: "content-guidelines",
    title: "Content Guidelines",
    body: (
      <>
        <p>Content you submit must be truthful and lawful. It is forbidden to:</p>
        <ul>
          <li>create fake listings or impersonate a business;</li>
          <li>write false, paid or incentivised reviews, or reviews of your own business or a competitor;</li>
          <li>hack, scrape, overload or otherwise interfere with the directory or its security;</li>
          <li>infringe anyone's intellectual property, privacy or publicity rights;</li>
          <li>send spam, unsolicited advertising or malicious code.</li>
        </ul>
        <p>Our moderators review about 10,000 submissions every week and may edit or remove content that breaks these rules.</p>
      </>
    ),
  },
  {
    id: "intellectual-property",
    title: "Intellectual Property",
    body: <p>The directory, its software, design and compilation belong to WorldHotels Directory Inc. You keep the rights to content you submit and grant us a worldwide, non-exclusive, royalty-free licence to host, display, adapt and distribute it as part of the directory.</p>,
  },
  {
    id: "privacy",
    title: "Privacy",
    body: <p>Our Privacy Policy and Cookie Policy describe how we handle personal information. They are part of these terms.</p>,
  },
  {
    id: "liability",
    title: "Limitation of Liability",
    body: <p>The directory is provided "as is". Listings come from businesses and public sources, and we do not guarantee that every detail is current. To the extent permitted by law we are not liable for indirect or consequential damages, and our total liability is limited to USD 100 or the amount you paid us in the last twelve months, whichever is greater.</p>,
  },
  {
    id: "termination",
    title: "Termination",
    body: <p>Breaches of these terms are handled in three steps: a warning, then a temporary suspension of the account, then permanent termination. Serious violations such as fraud or hacking may lead to immediate termination. You may close your account at any time.</p>,
  },
  {
    id: "governing-law",
    title: "Governing Law",
    body: <p>These terms are governed by the laws of the State of New York, United States, without regard to conflict-of-law rules. Mandatory consumer protection rules of your country of residence remain unaffected.</p>,
  },
  {
    id: "disputes",
    title: "Dispute Resolution",
    body: (
      <ol className="list-decimal space-y-1 pl-6">
        <li><strong>Direct contact</strong> – contact legal@worldhotels.example first; most concerns are settled within 30 days.</li>
        <li><strong>Mediation</strong> – if not, the dispute goes to non-binding mediation with a neutral mediator.</li>
        <li><strong>Binding arbitration</strong> – unresolved disputes are finally settled by binding arbitration in New York under the AAA rules, on an individual basis.</li>
      </ol>
    ),
  },
  {
    id: "changes",
    title: "Changes to These Terms",
    body: <p>We may update these terms. We will give at least 30 days' notice of material changes on this page and, for account holders, by email. Continuing to use the directory after the changes take effect means you accept them.</p>,
  },
  {
    id: "contact",
    title: "Contact Information",
    body: <p>WorldHotels Directory Inc., 350 Fifth Avenue, Suite 4800, New York, NY 10118, United States · legal@worldhotels.example · +1 (212) 555-0100.</p>,
  },
];

export default function TermsOfService() {
  return <LegalPage title="Terms of Service" intro={<p>Please read these terms carefully before using WorldHotels Directory.</p>} sections={SECTIONS} />;
}
