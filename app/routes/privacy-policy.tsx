import { LegalPage, legalPageLoader, legalPageMeta, type LegalSection } from "~/components/legal-page";
import { loaderHeaders } from "~/lib/web/route-headers";

export const headers = loaderHeaders;

export const loader = legalPageLoader;

export const meta = legalPageMeta("Privacy Policy", "How WorldHotels Directory collects, uses, shares and protects personal information, and the rights you have over your data.", "/privacy-policy");

const SECTIONS: LegalSection[] = [
  {
    id: "introduction",
    title: "Introduction",
    body: (
      <>
        <p>WorldHotels Directory Inc. ("we", "us", "our") operates a worldwide directory of hotels and other businesses. This Privacy Policy explains what information we collect when you visit our website, how we use it, with whom we share it and the choices you have.</p>
        <p>By using the directory you acknowledge the practices described here. If you do not agree, please stop using the website.</p>
      </>
    ),
  },
  {
    id: "information-we-collect",
    title: "Information We Collect",
    body: (
      <>
        <h3>Personal information</h3>
        <p>Information you give us yourself: your name, email address, company and phone number when you send a message through our contact form, submit a hotel, create an account or leave a review.</p>
        <h3>Information collected automatically</h3>
        <p>When you visit, our servers record technical data such as your IP address, browser type and version, device type, operating system, referring page and the date and time of your visit. Some of it is collected with cookies, as described in our Cookie Policy.</p>
        <h3>Usage statistics</h3>
        <p>We record which pages, searches, categories and listings are viewed, in aggregate, to understand how the directory is used and which listings are popular.</p>
      </>
    ),
  },
  {
    id: "how-we-use",
    title: "How We Use Your Information",
    body: (
      <ul>
        <li>To operate, maintain and improve the directory and its search.</li>
        <li>To answer your messages and support requests, usually within 24 hours.</li>
        <li>To review submitted listings and reviews and keep the directory accurate.</li>
        <li>To detect, prevent and address fraud, spam, abuse and security incidents.</li>
        <li>To produce aggregated statistics that do not identify you.</li>
        <li>To comply with legal obligations.</li>
      </ul>
    ),
  },
  {
    id: "sharing",
    title: "Sharing and Disclosure",
    body: (
      <>
        <p>We do not sell your personal information. We share it only:</p>
        <ul>
          <li>with service providers who host the website, deliver email or provide analytics for us, bound by contract to use it only on our instructions;</li>
          <li>with advertising partners, limited to the cookie data described in our Cookie Policy and only where you have agreed to it;</li>
          <li>when required by law, court order or to protect the rights, property or safety of our users, the public or us;</li>
          <li>with a successor in the event of a merger, acquisition or sale of assets, under the same protections.</li>
        </ul>
      </>
    ),
  },
  {
    id: "data-security",
    title: "Data Security",
    body: <p>All traffic to the directory is encrypted with TLS. Access to personal information is limited to staff who need it, protected by strong authentication and logged. No method of transmission or storage is completely secure, but we review our safeguards regularly and will notify you and the authorities of a breach as the law requires.</p>,
  },
  {
    id: "your-rights",
    title: "Your Rights and Choices",
    body: (
      <>
        <p>Depending on where you live you have the following rights, which you can exercise by writing to privacy@worldhotels.example:</p>
        <ul>
          <li><strong>Access</strong> – obtain a copy of the personal information we hold about you.</li>
          <li><strong>Correction</strong> – have inaccurate or incomplete information corrected.</li>
          <li><strong>Deletion</strong> – ask us to erase your personal information.</li>
          <li><strong>Portability</strong> – receive your information in a structured, machine-readable format.</li>
          <li><strong>Objection</strong> – object to processing based on our legitimate interests, including direct marketing.</li>
          <li><strong>Restriction</strong> – ask us to limit how we use your information while a request is handled.</li>
          <li><strong>Withdrawal of consent</strong> – withdraw consent at any time, without affecting earlier processing.</li>
        </ul>
        <p>We answer requests within 30 days. You may also complain to your local data protection authority.</p>
      </>
    ),
  },
  {
    id: "international-transfers",
    title: "International Data Transfers",
    body: <p>We are based in the United States and our infrastructure runs on a global network. Your information may be processed outside your country. Where data leaves the European Economic Area, the United Kingdom or Switzerland, we rely on the European Commission's Standard Contractual Clauses or another lawful transfer mechanism.</p>,
  },
  {
    id: "data-retention",
    title: "Data Retention",
    body: <p>Contact messages are kept for 24 months, account data for as long as your account is active plus 30 days, and server logs for up to 90 days. Aggregated statistics that do not identify you may be kept indefinitely. We delete or anonymise information once it is no longer needed.</p>,
  },
  {
    id: "contact",
    title: "Contact Information",
    body: (
      <>
        <p>Questions about this policy or your data: privacy@worldhotels.example, or by post to WorldHotels Directory Inc., Attn: Privacy Officer, 350 Fifth Avenue, Suite 4800, New York, NY 10118, United States.</p>
        <p>We will give at least 30 days' notice of material changes to this policy on this page.</p>
      </>
    ),
  },
];

export default function PrivacyPolicy() {
  return <LegalPage title="Privacy Policy" intro={<p>Your privacy matters to us. This policy describes how we handle the information of everyone who uses WorldHotels Directory.</p>} sections={SECTIONS} />;
}
