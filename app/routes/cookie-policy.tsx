import { LegalPage, legalPageLoader, legalPageMeta, type LegalSection } from "~/components/legal-page";
import { loaderHeaders } from "~/lib/web/route-headers";

export const headers = loaderHeaders;

export const loader = legalPageLoader;

export const meta = legalPageMeta("Cookie Policy", "Which cookies WorldHotels Directory uses (essential, analytics, marketing, preference), how long they last and how to manage your preferences.", "/cookie-policy");

const DURATIONS = [
  ["Preference cookies", "1 year"],
  ["Analytics cookies", "24 months"],
  ["Marketing cookies", "90 days"],
  ["Authentication cookies", "30 days"],
  ["Session cookies", "Until you close your browser"],
];

const SECTIONS: LegalSection[] = [
  {
    id: "what-are-cookies",
    title: "What Are Cookies",
    body: <p>Cookies are small text files a website stores in your browser. They let the site remember your actions and preferences and help us understand how the directory is used.</p>,
  },
  {
    id: "types",
    title: "Types of Cookies We Use",
    body: (
      <>
        <h3>Essential cookies</h3>
        <p>Needed for the website to work: security, load balancing and signing in. They cannot be switched off.</p>
        <h3>Analytics cookies</h3>
        <p>Count visits and show which pages and searches are popular, so we can improve the directory. The information is aggregated.</p>
        <h3>Marketing cookies</h3>
        <p>Set by our advertising partners to show relevant advertisements and measure their effectiveness.</p>
        <h3>Preference cookies</h3>
        <p>Remember choices such as the grid or list layout and your language.</p>
      </>
    ),
  },
  {
    id: "durations",
    title: "How Long Cookies Last",
    body: (
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-600">
            <th scope="col" className="py-2">Cookie</th>
            <th scope="col" className="py-2">Duration</th>
          </tr>
        </thead>
        <tbody>
          {DURATIONS.map(([name, duration]) => (
            <tr key={name} className="border-b border-slate-200 dark:border-slate-700">
              <td className="py-2">{name}</td>
              <td className="py-2">{duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
    ),
  },
  {
    id: "managing",
    title: "Managing Your Preferences",
    body: <p>You can accept or refuse non-essential cookies at any time. Every browser lets you block or delete cookies in its settings; blocking essential cookies may stop parts of the website from working. You can also opt out of interest-based advertising through the industry opt-out pages of the Digital Advertising Alliance and the European Interactive Digital Advertising Alliance.</p>,
  },
  {
    id: "third-parties",
    title: "Third-Party Partners",
    body: <p>Some cookies are set by partners who provide analytics, advertising and maps on our pages. Their use of the information is governed by their own privacy policies. We only work with partners that commit to applicable data protection law.</p>,
  },
  {
    id: "compliance",
    title: "Compliance",
    body: <p>This policy follows the EU ePrivacy Directive, the General Data Protection Regulation and the California Consumer Privacy Act. We will give at least 30 days' notice of material changes on this page. Questions: privacy@worldhotels.example.</p>,
  },
];

export default function CookiePolicy() {
  return <LegalPage title="Cookie Policy" intro={<p>This policy explains how WorldHotels Directory uses cookies and similar technologies.</p>} sections={SECTIONS} />;
}
