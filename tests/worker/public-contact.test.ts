import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

const valid = { name: "Ada Lovelace", email: "ada@example.com", company: "", phone: "", subject: "Listing question", message: "Please update our opening hours." };

function post(body: unknown, ip = "203.0.113.1") {
  return SELF.fetch("https://example.com/api/contact", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function storedCount() {
  return (await env.DB.prepare(`SELECT count(*) AS n FROM contact_messages`).first<{ n: number }>())!.n;
}

/** The spec's message for each required field, as a refused message gets them. */
const EVERY_FIELD_MESSAGE = {
  name: "Name must be at least 2 characters",
  email: "Please enter a valid email address",
  subject: "Subject must be at least 5 characters",
  message: "Message must be at least 10 characters",
};

describe("POST /api/contact", () => {
  it("answers 400 with the spec's message per field and stores nothing", async () => {
    const response = await post({ name: "A", email: "nope", subject: "Hi", message: "short" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      errors: EVERY_FIELD_MESSAGE,
    });
    const notJson = await post("not json");
    expect(notJson.status).toBe(400);
    expect(await notJson.text()).toBe("Request body must be JSON");
    expect(await storedCount()).toBe(0);
  });

  it("gives a missing field its own message, not a type error", async () => {
    const response = await post({});
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      errors: EVERY_FIELD_MESSAGE,
    });
    expect(await storedCount()).toBe(0);
  });

  it("stores a valid message and answers 200", async () => {
    const response = await post({ ...valid, company: "Analytical Engines Ltd", phone: "+44 20 0000 0000" }, "203.0.113.2");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    const row = await env.DB.prepare(`SELECT name, email, company, phone, subject, message FROM contact_messages`).first();
    expect(row).toEqual({ name: "Ada Lovelace", email: "ada@example.com", company: "Analytical Engines Ltd", phone: "+44 20 0000 0000", subject: "Listing question", message: "Please update our opening hours." });
  });

  it("takes null for the optional company and phone as left out", async () => {
    const response = await post({ ...valid, company: null, phone: null, name: "Null Optional" }, "203.0.113.4");
    expect(response.status).toBe(200);
    const row = await env.DB.prepare(`SELECT company, phone FROM contact_messages WHERE name = 'Null Optional'`).first();
    expect(row).toEqual({ company: null, phone: null });
  });

  it("answers a filled honeypot like a success but stores nothing", async () => {
    const before = await storedCount();
    const response = await post({ ...valid, website: "http://spam.example" }, "203.0.113.3");
    expect(response.status).toBe(200);
    expect(await storedCount()).toBe(before);
  });

  it("lets one address send 5 messages an hour, then answers 429 'Too many messages'", async () => {
    for (let i = 0; i < 5; i++) expect((await post(valid, "198.51.100.7")).status).toBe(200);
    const blocked = await post(valid, "198.51.100.7");
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toBe("Too many messages. Please try again later.");
    expect(blocked.headers.get("Retry-After")).toMatch(/^\d+$/);
    // Another visitor is not affected.
    expect((await post(valid, "198.51.100.8")).status).toBe(200);
  });

  it("counts every address it cannot read under one allowance, not a fresh one per made-up value", async () => {
    for (let i = 1; i <= 5; i++) expect((await post(valid, `garbage-${i}`)).status).toBe(200);
    expect((await post(valid, "garbage-6")).status).toBe(429);
    expect((await post(valid, "999.1.1.1")).status).toBe(429);
  });

  it("refuses a body over 64 KB with 413 and stores nothing, whether or not it states its length", async () => {
    const before = await storedCount();
    const padded = JSON.stringify({ ...valid, padding: "x".repeat(64 * 1024) });
    const stated = await post(padded, "203.0.113.20");
    expect(stated.status).toBe(413);
    expect(await stated.json()).toEqual({ success: false, message: "Request body too large (at most 64 KB)" });
    // Sent as a stream of unknown length (chunked, no Content-Length), the same body is counted while read.
    const bytes = new TextEncoder().encode(padded);
    const body = new ReadableStream({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 8192) controller.enqueue(bytes.slice(at, at + 8192));
        controller.close();
      },
    });
    const chunked = await SELF.fetch("https://example.com/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "203.0.113.21" },
      body,
    });
    expect(chunked.status).toBe(413);
    expect(await storedCount()).toBe(before);
  });

  it("renders /contact with the form labels and the platform statistics", async () => {
    const html = await (await SELF.fetch("https://example.com/contact")).text();
    for (const label of ["Full Name *", "Email Address *", "Company (Optional)", "Phone Number (Optional)", "Subject *", "Message *", "Send us a Message", "Platform Statistics"]) {
      expect(html).toContain(label);
    }
    expect(html).toContain('rows="6"');
  });
});

function postForm(fields: Record<string, string>, ip: string) {
  return SELF.fetch("https://example.com/contact", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": ip, Origin: "https://example.com", Host: "example.com" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

describe("the contact form posted without the page's script", () => {
  it("shows the reasons under the fields with the visitor's values kept, stores nothing, and is never cached", async () => {
    const before = await storedCount();
    const response = await postForm({ ...valid, subject: "Hi", name: "Grace Hopper" }, "192.0.2.10");
    expect(response.status).toBe(400);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const html = await response.text();
    expect(html).toContain("Subject must be at least 5 characters");
    expect(html).toContain('value="Grace Hopper"');
    expect(await storedCount()).toBe(before);
  });

  it("stores a valid message, then shows the success notice on /contact?sent=1 (a reload does not send it again)", async () => {
    const before = await storedCount();
    const response = await postForm({ ...valid, message: "Posted without JavaScript, please call back." }, "192.0.2.11");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contact?sent=1");
    expect(await storedCount()).toBe(before + 1);
    const row = await env.DB.prepare(`SELECT message FROM contact_messages ORDER BY id DESC LIMIT 1`).first<{ message: string }>();
    expect(row?.message).toBe("Posted without JavaScript, please call back.");
    const page = await (await SELF.fetch("https://example.com/contact?sent=1")).text();
    expect(page).toContain("Message Sent Successfully");
    expect(page).toContain("Thank you for your message. We&#x27;ll get back to you within 24 hours.");
  });

  it("refuses a form over 64 KB with 413 and says the message is too long, while the longest valid message still goes", async () => {
    const before = await storedCount();
    const tooLarge = await postForm({ ...valid, padding: "x".repeat(64 * 1024) }, "192.0.2.14");
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get("Cache-Control")).toContain("no-store");
    const html = await tooLarge.text();
    expect(html).toContain("Message Too Long");
    expect(html).toContain("Your message is too long to send. Please shorten it and try again.");
    expect(await storedCount()).toBe(before);
    // 5,000 three-byte characters, about 45 KB once percent-encoded: under the cap.
    expect((await postForm({ ...valid, message: "東".repeat(5000) }, "192.0.2.15")).status).toBe(302);
    expect(await storedCount()).toBe(before + 1);
  });

  it("treats a filled honeypot like a success and the sixth message in an hour like a failure", async () => {
    const before = await storedCount();
    expect((await postForm({ ...valid, website: "http://spam.example" }, "192.0.2.12")).status).toBe(302);
    expect(await storedCount()).toBe(before);
    for (let i = 0; i < 5; i++) expect((await postForm(valid, "192.0.2.13")).status).toBe(302);
    const blocked = await postForm(valid, "192.0.2.13");
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toMatch(/^\d+$/);
    const html = await blocked.text();
    expect(html).toContain("Failed to send message. Please try again later.");
    expect(html).toContain(`value="${valid.name}"`);
  });
});

describe("other public pages", () => {
  it("answers any unknown path with the 404 page and HTTP 404", async () => {
    const response = await SELF.fetch("https://example.com/no/such/page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Page Not Found");
    expect(html).toContain("The page you&#x27;re looking for doesn&#x27;t exist, but don&#x27;t worry - let&#x27;s help you find what you need!");
    expect(html).toContain("Where? (city, country)");
    const api = await SELF.fetch("https://example.com/api/no-such-call");
    expect(api.status).toBe(404);
    expect(await api.text()).toBe("Not Found");
  });

  it("keeps the 404 page's canonical and og:url on the site for a path starting with two slashes", async () => {
    const response = await SELF.fetch("https://example.com//evil.example/x");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1:8787/evil.example/x"/>');
    expect(html).toContain('<meta property="og:url" content="http://127.0.0.1:8787/evil.example/x"/>');
    expect(html).not.toContain('"http://evil.example');
  });

  it("serves the four legal pages with their date, sections and cache headers", async () => {
    const pages: Record<string, string[]> = {
      "/privacy-policy": ["Information We Collect", "Your Rights and Choices", "Portability", "International Data Transfers", "Data Retention"],
      "/legal-notice": ["Professional Liability Insurance", "United States 45%", "Mediation", "Arbitration", "Governing Law"],
      "/terms-of-service": ["99.9%", "95%+", "under 2 seconds", "10,000 submissions", "30 days&#x27; notice"],
      "/cookie-policy": ["Analytics cookies", "24 months", "90 days", "Until you close your browser", "Third-Party Partners"],
    };
    for (const [path, texts] of Object.entries(pages)) {
      const response = await SELF.fetch(`https://example.com${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toContain("s-maxage=7200");
      const html = await response.text();
      expect(html).toContain("December 12, 2025");
      expect(html).toContain(`<link rel="canonical" href="http://127.0.0.1:8787${path}"/>`);
      for (const text of texts) expect(html, `${path}: ${text}`).toContain(text);
    }
  });
});
