import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { jpegWithMetadata, jpegWithMetadataStripped } from "../support/photo-bytes";
import { addBusinesses, adminFetch, login, record } from "./admin-support";
import { mailTo, MEMBER_SITE, memberPost, signInMember, waitForMail } from "./member-support";

/** A valid submission (the demo's "hotels" category exists once a hotel is imported). */
function listing(overrides: Record<string, unknown> = {}) {
  return {
    name: "Pension Alpenblick", category: "hotel", fullAddress: "Seestrasse 12, 8002 Zürich", city: "Zürich", countryCode: "ch",
    latitude: 47.3601, longitude: 8.5366, phone: "+41 44 555 01 01", website: "https://alpenblick.example", email: "desk@alpenblick.example",
    workingHours: { Monday: "7 AM–10 PM", Sunday: "Closed" }, amenities: ["Free Wi-Fi", "Breakfast"], description: "Ten rooms by the lake.\nQuiet.",
    ...overrides,
  };
}

const withCookie = (cookie: string, extra: Record<string, string> = {}) => ({ Cookie: cookie, ...extra });

async function submit(cookie: string, body: unknown, headers: Record<string, string> = {}) {
  const answer = await memberPost("/api/listings", body, withCookie(cookie, headers));
  return { status: answer.status, body: (await answer.json()) as { success: boolean; listing?: { id: number; slug: string; status: string }; errors?: Record<string, string>; message?: string } };
}

async function queue(admin: string, query = "") {
  const answer = await adminFetch(admin, `/api/admin/moderation${query}`);
  expect(answer.status).toBe(200);
  return (await answer.json()) as { items: { id: number; kind: string; status: string; submitter: { id: number; email: string } | null; business: { id: number; slug: string; name: string } | null; flags: { kind: string; reason: string; business: { slug: string } }[]; details: Record<string, unknown> }[]; total: number; page: number; totalPages: number };
}

const decide = (admin: string, id: number, body: unknown) => adminFetch(admin, `/api/admin/moderation/${id}`, { method: "POST", body: JSON.stringify(body) });

const publicStatus = async (path: string) => (await SELF.fetch(MEMBER_SITE + path)).status;

await addBusinesses([record({ name: "Hotel Seeblick Zürich", placeId: "seeblick", latitude: 47.3602, longitude: 8.5367, phone: "+41 44 555 09 09", url: "https://www.seeblick-hotel.ch/rooms" })]);

describe("Submit Hotel: POST /api/listings", () => {
  it("asks a signed-out visitor to sign in, and names every bad field at once", async () => {
    const signedOut = await memberPost("/api/listings", listing());
    expect(signedOut.status).toBe(401);
    const cookie = await signInMember("fields@example.org");
    const bad = await submit(cookie, listing({ name: "", category: "no such category!", countryCode: "XX", latitude: 91, website: "javascript:alert(1)", description: "x".repeat(2001) }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors!).sort()).toEqual(["category", "countryCode", "description", "latitude", "name", "website"]);
    expect(bad.body.errors!.website).toBe("Enter a website address starting with http:// or https://");
    const unknownCategory = await submit(cookie, listing({ category: "spaceports" }));
    expect(unknownCategory).toEqual({ status: 400, body: { success: false, errors: { category: "Choose a category" } } });
  });

  it("creates one pending listing per Idempotency-Key, invisible to the public everywhere but to its submitter and the admin", async () => {
    const cookie = await signInMember("owner-one@example.org");
    const first = await submit(cookie, listing(), { "Idempotency-Key": "form-1" });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ success: true, listing: { id: expect.any(Number), slug: expect.stringMatching(/^pension-alpenblick-[a-z0-9]{6}$/), status: "pending" } });
    const again = await submit(cookie, listing(), { "Idempotency-Key": "form-1" });
    expect(again.body.listing).toEqual(first.body.listing);
    expect((await env.DB.prepare(`SELECT count(*) AS n FROM businesses WHERE name = 'Pension Alpenblick'`).first<{ n: number }>())!.n).toBe(1);

    const slug = first.body.listing!.slug;
    expect(await publicStatus(`/api/businesses/${slug}`)).toBe(404);
    expect(await publicStatus(`/business/${slug}`)).toBe(404);
    const search = (await (await SELF.fetch(`${MEMBER_SITE}/api/search?q=Alpenblick`)).json()) as { results: unknown[] };
    expect(search.results).toEqual([]);
    const other = await signInMember("someone-else@example.org");
    expect((await SELF.fetch(`${MEMBER_SITE}/business/${slug}`, { headers: { Cookie: other } })).status).toBe(404);

    const mine = await SELF.fetch(`${MEMBER_SITE}/business/${slug}`, { headers: { Cookie: cookie } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await mine.text()).toContain("Pending review");
    const asApi = await SELF.fetch(`${MEMBER_SITE}/api/businesses/${slug}`, { headers: { Cookie: cookie } });
    expect(((await asApi.json()) as { status: string }).status).toBe("pending");
    const admin = await login("10.9.0.1");
    expect((await adminFetch(admin, `/api/businesses/${slug}`)).status).toBe(200);

    expect((await waitForMail("owner-one@example.org", /^We received your listing/)).length).toBe(1);
  });

  it("flags a possible duplicate: a similar name within 150 m, the same phone", async () => {
    const cookie = await signInMember("dup@example.org");
    const created = await submit(cookie, listing({ name: "Seeblick Hotel", phone: "+41 44 555 09 09", website: null }));
    expect(created.status).toBe(201);
    const admin = await login("10.9.0.2");
    const item = (await queue(admin, "?kind=listing&order=newest")).items.find((entry) => entry.business?.id === created.body.listing!.id)!;
    expect(item.submitter?.email).toBe("dup@example.org");
    expect(item.flags.map((flag) => [flag.reason, flag.business.slug.startsWith("hotel-seeblick-zurich")])).toEqual([["similar-name-nearby", true]]);
  });

  it("stores a photo sent as multipart without its EXIF, and refuses a text file named .jpg", async () => {
    const cookie = await signInMember("photos@example.org");
    const form = (photo: Blob, name: string) => {
      const data = new FormData();
      for (const [key, value] of Object.entries(listing({ name, workingHours: JSON.stringify({ Monday: "9-5" }), amenities: undefined }))) if (value !== undefined) data.set(key, String(value));
      data.append("amenities", "Pool");
      data.append("photos", photo, "room.jpg");
      return SELF.fetch(`${MEMBER_SITE}/api/listings`, { method: "POST", headers: { Cookie: cookie }, body: data });
    };
    const jpeg = jpegWithMetadata();
    const stored = await form(new Blob([jpeg], { type: "image/jpeg" }), "Photo Inn Zürich");
    expect(stored.status).toBe(201);
    const { listing: created } = (await stored.json()) as { listing: { id: number } };
    const row = await env.DB.prepare(`SELECT photo, amenity_names FROM businesses WHERE id = ?1`).bind(created.id).first<{ photo: string; amenity_names: string }>();
    expect(row!.amenity_names).toBe("|pool|");
    expect(row!.photo).toMatch(/^\/photos\/[0-9a-f]{32}$/);
    const served = await SELF.fetch(MEMBER_SITE + row!.photo);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(jpegWithMetadataStripped());
    // A listing's page shows all its photos once it is public.
    const admin = await login("10.9.0.7");
    const queued = (await queue(admin, "?kind=listing&order=newest")).items.find((entry) => entry.business?.id === created.id)!;
    await env.DB.prepare(`INSERT INTO listing_photos (key, business_id, content_type, byte_size, position) VALUES (?1, ?2, 'image/jpeg', 1, 1)`).bind("f".repeat(32), created.id).run();
    expect((await decide(admin, queued.id, { decision: "approve" })).status).toBe(200);
    const slug = (await env.DB.prepare(`SELECT slug FROM businesses WHERE id = ?1`).bind(created.id).first<{ slug: string }>())!.slug;
    const page = await (await SELF.fetch(`${MEMBER_SITE}/business/${slug}`)).text();
    expect(page).toContain(`/photos/${"f".repeat(32)}`);
    expect(page).toContain("photo 2 of 2");
    const fake = await form(new Blob(["not a photo"], { type: "image/jpeg" }), "Fake Photo Inn");
    expect(fake.status).toBe(400);
    expect(((await fake.json()) as { errors: Record<string, string> }).errors.photos).toBe("Photos must be JPEG, PNG or WebP images");
    expect(await env.DB.prepare(`SELECT count(*) AS n FROM businesses WHERE name = 'Fake Photo Inn'`).first("n")).toBe(0);
  });

  it("allows 5 submissions a day per member, then answers 429 with Retry-After", async () => {
    const cookie = await signInMember("busy@example.org");
    for (let n = 1; n <= 5; n++) expect((await submit(cookie, listing({ name: `Busy Hotel ${n}`, latitude: 10 + n }))).status).toBe(201);
    const sixth = await memberPost("/api/listings", listing({ name: "Busy Hotel 6" }), withCookie(cookie));
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("checks a person through Turnstile where a secret is set, and refuses a filled honeypot", async () => {
    const cookie = await signInMember("human@example.org");
    const call = (secret: string, body: unknown) =>
      worker.fetch!(new Request(`${MEMBER_SITE}/api/listings`, { method: "POST", headers: { "Content-Type": "application/json", Cookie: cookie, "CF-Turnstile-Response": "token" }, body: JSON.stringify(body) }) as never, { ...env, TURNSTILE_SECRET: secret } as Env, { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext);
    const refused = await call("2x0000000000000000000000000000000AA", listing({ name: "Bot Hotel" }));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: Record<string, string> }).errors.listing).toMatch(/confirm you are a person/);
    expect((await call("1x0000000000000000000000000000000AA", listing({ name: "Person Hotel", latitude: 30 }))).status).toBe(201);
    const honeypot = await submit(cookie, { ...listing({ name: "Honeypot Hotel" }), fax_number: "555" });
    expect(honeypot.status).toBe(400);
  });
});

describe("the moderation queue", () => {
  it("lists pending items for the admin alone, approves once, e-mails the submitter once, and logs who and why", async () => {
    const cookie = await signInMember("approve-me@example.org");
    const created = (await submit(cookie, listing({ name: "Lakeside Approved Hotel", latitude: 20 }))).body.listing!;
    expect((await SELF.fetch(`${MEMBER_SITE}/api/admin/moderation`, { headers: { Cookie: cookie } })).status).toBe(401);
    const admin = await login("10.9.0.3");
    const page = await queue(admin, "?kind=listing&status=pending");
    const item = page.items.find((entry) => entry.business?.id === created.id)!;
    expect(item).toMatchObject({ kind: "listing", status: "pending", submitter: { email: "approve-me@example.org" }, business: { slug: created.slug, name: "Lakeside Approved Hotel" } });
    expect(page).toMatchObject({ page: 1, totalPages: expect.any(Number), total: expect.any(Number) });

    const noReason = await decide(admin, item.id, { decision: "reject" });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toEqual({ success: false, message: "reason: A reason is required to reject" });
    expect((await decide(admin, item.id, { decision: "approve" })).status).toBe(200);
    const again = await decide(admin, item.id, { decision: "reject", reason: "late" });
    expect(again.status).toBe(409);
    expect((await decide(admin, 999_999, { decision: "approve" })).status).toBe(404);

    expect(await publicStatus(`/api/businesses/${created.slug}`)).toBe(200);
    const search = (await (await SELF.fetch(`${MEMBER_SITE}/api/search?q=Lakeside`)).json()) as { results: { slug: string }[] };
    expect(search.results.map((b) => b.slug)).toContain(created.slug);
    const mails = await waitForMail("approve-me@example.org", /was approved$/);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("It is now public");
    const audit = (await (await adminFetch(admin, "/api/admin/audit-log?action=moderation.approved")).json()) as { entries: { actor: string; subject: string; detail: string }[] };
    expect(audit.entries[0]).toMatchObject({ actor: "admin", subject: "Lakeside Approved Hotel", detail: `listing #${item.id}` });
  });

  it("rejects with the moderator's reason, which the submitter reads, and keeps the listing hidden", async () => {
    const cookie = await signInMember("reject-me@example.org");
    const created = (await submit(cookie, listing({ name: "Nowhere Hotel", latitude: 21 }))).body.listing!;
    const admin = await login("10.9.0.4");
    const item = (await queue(admin, "?kind=listing&order=newest")).items.find((entry) => entry.business?.id === created.id)!;
    expect((await decide(admin, item.id, { decision: "reject", reason: "We could not verify that this business exists at this address." })).status).toBe(200);
    expect(await publicStatus(`/api/businesses/${created.slug}`)).toBe(404);
    const mails = await waitForMail("reject-me@example.org", /was not approved$/);
    expect(mails[0]!.text).toContain("We could not verify that this business exists at this address.");
  });
});

describe("what a decision refreshes", () => {
  it("refreshes the business's category, city and country pages and keeps every other cached page", async () => {
    const edge = async (path: string) => {
      const answer = await SELF.fetch(MEMBER_SITE + path);
      return { mark: answer.headers.get("X-Edge-Cache"), text: await answer.text() };
    };
    const watched = ["/", "/categories/hotel", "/cities/ch/zurich", "/countries/ch", "/categories"];
    for (const path of watched) await edge(path);
    for (const path of watched) expect([path, (await edge(path)).mark]).toEqual([path, "HIT"]);
    const cookie = await signInMember("cache-watch@example.org");
    const created = (await submit(cookie, listing({ name: "Cache Watch Hotel", latitude: 47.38 }))).body.listing!;
    const admin = await login("10.9.0.8");
    const item = (await queue(admin, "?kind=listing&order=newest")).items.find((entry) => entry.business?.id === created.id)!;
    expect((await decide(admin, item.id, { decision: "approve" })).status).toBe(200);

    for (const path of ["/categories/hotel", "/cities/ch/zurich", "/countries/ch"]) {
      const fresh = await edge(path);
      expect([path, fresh.mark]).toEqual([path, "MISS"]);
      // The country page counts it; the category and city pages list it.
      expect(path === "/countries/ch" || fresh.text.includes("Cache Watch Hotel")).toBe(true);
      expect([path, (await edge(path)).mark]).toEqual([path, "HIT"]);
    }
    expect((await edge("/")).mark).toBe("HIT");
    expect((await edge("/categories")).mark).toBe("HIT");
  });
});

describe("claims, owner edits and messages to owners", () => {
  it("approves a claim at once from the website's domain, never from free mail, and queues a dispute on a claimed listing", async () => {
    const owner = await signInMember("manager@seeblick-hotel.ch");
    const claimed = await memberPost("/api/businesses/hotel-seeblick-zurich-" + "x".repeat(0), {}, withCookie(owner));
    expect(claimed.status).toBe(405);
    const slug = (await env.DB.prepare(`SELECT slug FROM businesses WHERE place_id = 'seeblick'`).first<{ slug: string }>())!.slug;
    const byDomain = await memberPost(`/api/businesses/${slug}/claim`, { position: "Manager" }, withCookie(owner));
    expect(byDomain.status).toBe(201);
    expect(await byDomain.json()).toEqual({ success: true, claim: { id: expect.any(Number), status: "approved" } });
    const page = await (await SELF.fetch(`${MEMBER_SITE}/business/${slug}`)).text();
    expect(page).toContain("Claimed");

    const gmail = await signInMember("seeblick.fan@gmail.com");
    const dispute = await memberPost(`/api/businesses/${slug}/claim`, { position: "Owner", phone: "+41 1" }, withCookie(gmail));
    expect(((await dispute.json()) as { claim: { status: string } }).claim.status).toBe("pending");
    const twice = await memberPost(`/api/businesses/${slug}/claim`, { position: "Owner" }, withCookie(gmail));
    expect(twice.status).toBe(409);
    const admin = await login("10.9.0.5");
    const item = (await queue(admin, "?kind=claim")).items.find((entry) => entry.submitter?.email === "seeblick.fan@gmail.com")!;
    expect(item.flags.map((flag) => flag.kind)).toEqual(["dispute"]);
    expect(item.details).toMatchObject({ position: "Owner", phone: "+41 1", listingPhone: "+41 44 555 09 09", listingWebsite: "https://www.seeblick-hotel.ch/rooms" });
  });

  it("lets the owner propose a change shown as a diff, applies exactly it on approval, and keeps it through a later import", async () => {
    const owner = await signInMember("boss@seeblick-hotel.ch");
    const business = (await env.DB.prepare(`SELECT id, slug FROM businesses WHERE place_id = 'seeblick'`).first<{ id: number; slug: string }>())!;
    // This member is not the owner (the manager above is): refused.
    expect((await memberPost(`/api/listings/${business.id}`, { phone: "+41 44 000 00 00" }, withCookie(owner), "PATCH")).status).toBe(403);
    expect((await memberPost(`/api/listings/999999`, { phone: "+41 44 000 00 00" }, withCookie(owner), "PATCH")).status).toBe(404);
    const manager = await signInMember("manager@seeblick-hotel.ch");
    const change = await memberPost(`/api/listings/${business.id}`, { phone: "+41 44 777 77 77", description: "Rooms with a view." }, withCookie(manager), "PATCH");
    expect(change.status).toBe(202);
    const { change: proposed } = (await change.json()) as { change: { id: number; status: string } };
    expect(proposed.status).toBe("pending");
    const before = (await (await SELF.fetch(`${MEMBER_SITE}/api/businesses/${business.slug}`)).json()) as { phone: string };
    expect(before.phone).toBe("+41 44 555 09 09");

    const admin = await login("10.9.0.6");
    const item = (await queue(admin, "?kind=change")).items.find((entry) => entry.id === proposed.id)!;
    expect(item.details).toEqual({ fields: { phone: { old: "+41 44 555 09 09", new: "+41 44 777 77 77" }, description: { old: null, new: "Rooms with a view." } } });
    expect((await decide(admin, item.id, { decision: "approve" })).status).toBe(200);
    const after = (await (await SELF.fetch(`${MEMBER_SITE}/api/businesses/${business.slug}`)).json()) as { phone: string; about: string; name: string; url: string };
    expect(after).toMatchObject({ phone: "+41 44 777 77 77", name: "Hotel Seeblick Zürich", url: "https://www.seeblick-hotel.ch/rooms" });

    // A later spreadsheet import refreshes the rest but keeps the owner's phone, and its report says so.
    const form = new FormData();
    const csv = "name,place_id,phone,site,rating,type,full_address,city,country_code,latitude,longitude\n" +
      "Hotel Seeblick Zürich,seeblick,+41 44 555 09 09,https://www.seeblick-hotel.ch/new,4.9,Hotel,Hotel Seeblick Zürich street 1,Zürich,CH,47.3602,8.5367\n";
    form.set("file", new File([csv], "rescrape.csv"));
    form.set("batchSize", "500");
    form.set("fileIndex", "0");
    form.set("totalFiles", "1");
    const upload = await adminFetch(admin, "/api/upload-excel-batch", { method: "POST", body: form });
    const { jobId } = (await upload.json()) as { jobId: string };
    let job: { status: string; result: { message: string; ownerKeptCount?: number } | null };
    do {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await (await adminFetch(admin, `/api/admin/upload-jobs/${jobId}`)).json()) as typeof job;
    } while (job.status !== "done" && job.status !== "failed");
    // The phone, and the description the file would have emptied.
    expect(job.result).toMatchObject({ ownerKeptCount: 2 });
    expect(job.result!.message).toContain("İşletme sahiplerinin değiştirdiği 2 alan korundu.");
    const reimported = await env.DB.prepare(`SELECT phone, url, rating, about FROM businesses WHERE id = ?1`).bind(business.id).first();
    expect(reimported).toEqual({ phone: "+41 44 777 77 77", url: "https://www.seeblick-hotel.ch/new", rating: 4.9, about: JSON.stringify({ Description: "Rooms with a view." }) });
  });

  it("ends an owner's claims when they delete their account, and keeps the listing they submitted", async () => {
    const cookie = await signInMember("leaving@leaving-hotel.example");
    const created = (await submit(cookie, listing({ name: "Leaving Hotel", latitude: 48, website: "https://leaving-hotel.example" }))).body.listing!;
    const admin = await login("10.9.0.9");
    const item = (await queue(admin, "?kind=listing&order=newest")).items.find((entry) => entry.business?.id === created.id)!;
    expect((await decide(admin, item.id, { decision: "approve" })).status).toBe(200);
    expect((await memberPost(`/api/businesses/${created.slug}/claim`, { position: "Owner" }, withCookie(cookie))).status).toBe(201);
    const slug = (await env.DB.prepare(`SELECT slug FROM businesses WHERE place_id = 'seeblick'`).first<{ slug: string }>())!.slug;
    expect(((await (await memberPost(`/api/businesses/${slug}/claim`, { position: "Manager" }, withCookie(cookie))).json()) as { claim: { status: string } }).claim.status).toBe("pending");

    expect((await SELF.fetch(`${MEMBER_SITE}/api/account/me`, { method: "DELETE", headers: { Cookie: cookie } })).status).toBe(200);
    const after = await env.DB.prepare(`SELECT is_approved, owner_id, submitted_by FROM businesses WHERE id = ?1`).bind(created.id).first();
    expect(after).toEqual({ is_approved: 1, owner_id: null, submitted_by: null });
    const pendingClaims = await env.DB.prepare(`SELECT count(*) AS n FROM moderation_items WHERE kind = 'claim' AND status = 'pending' AND member_id IS NULL`).first("n");
    expect(pendingClaims).toBe(0);
  });

  it("refuses what the rules refuse: signed out, unknown listings, bad fields, and past the daily limits", async () => {
    const slug = (await env.DB.prepare(`SELECT slug FROM businesses WHERE place_id = 'seeblick'`).first<{ slug: string }>())!.slug;
    expect((await memberPost(`/api/businesses/${slug}/claim`, { position: "Owner" })).status).toBe(401);
    expect((await memberPost(`/api/businesses/${slug}/messages`, { subject: "Hello", text: "Is breakfast included?" })).status).toBe(401);
    expect((await memberPost(`/api/listings/1`, { phone: "+41 1 234" }, {}, "PATCH")).status).toBe(401);
    const cookie = await signInMember("limits@example.org");
    expect((await memberPost(`/api/businesses/no-such-business-abc123/claim`, { position: "Owner" }, withCookie(cookie))).status).toBe(404);
    const noPosition = await memberPost(`/api/businesses/${slug}/claim`, { position: "" }, withCookie(cookie));
    expect(await noPosition.json()).toEqual({ success: false, errors: { position: "Say what your position is (owner, manager…)" } });
    const unknownField = await memberPost(`/api/listings/1`, { stars: 5 }, withCookie(cookie), "PATCH");
    expect(unknownField.status).toBe(400);
    const tooLong = await memberPost(`/api/businesses/${slug}/messages`, { subject: "Hi there", text: "x".repeat(2001) }, withCookie(cookie));
    expect(await tooLong.json()).toEqual({ success: false, errors: { text: "Message must be at most 2000 characters" } });

    for (let n = 1; n <= 10; n++) expect((await memberPost(`/api/businesses/${slug}/messages`, { subject: `Question ${n}`, text: "Do you have parking?" }, withCookie(cookie))).status).toBe(201);
    const eleventh = await memberPost(`/api/businesses/${slug}/messages`, { subject: "Question 11", text: "Do you have parking?" }, withCookie(cookie));
    expect([eleventh.status, Number(eleventh.headers.get("Retry-After")) > 0]).toEqual([429, true]);

    const claimer = await signInMember("claims-a-lot@example.org");
    await addBusinesses([1, 2, 3, 4].map((n) => record({ name: `Claimable Hotel ${n}`, placeId: `claimable-${n}` })));
    const others = await env.DB.prepare(`SELECT slug FROM businesses WHERE place_id LIKE 'claimable-%' ORDER BY place_id`).all<{ slug: string }>();
    for (const other of others.results.slice(0, 3)) expect((await memberPost(`/api/businesses/${other.slug}/claim`, { position: "Owner" }, withCookie(claimer))).status).toBe(201);
    const fourth = await memberPost(`/api/businesses/${others.results[3]!.slug}/claim`, { position: "Owner" }, withCookie(claimer));
    expect([fourth.status, Number(fourth.headers.get("Retry-After")) > 0]).toEqual([429, true]);
  });

  it("relays a member's message to the owner with the member as Reply-To, never showing the owner's address", async () => {
    const traveller = await signInMember("traveller-writes@example.org");
    const slug = (await env.DB.prepare(`SELECT slug FROM businesses WHERE place_id = 'seeblick'`).first<{ slug: string }>())!.slug;
    const sent = await memberPost(`/api/businesses/${slug}/messages`, { subject: "Late arrival\r\nBcc: x@evil.example", text: "We arrive at midnight, is that fine?" }, withCookie(traveller));
    expect(sent.status).toBe(201);
    expect(JSON.stringify(await sent.json())).not.toContain("seeblick-hotel.ch");
    const [mail] = await waitForMail("manager@seeblick-hotel.ch", /^Late arrival/);
    expect(mail!.replyTo).toBe("traveller-writes@example.org");
    expect(mail!.subject).not.toMatch(/[\r\n]/);
    const unclaimed = await memberPost(`/api/businesses/${(await submit(traveller, listing({ name: "Unclaimed Test Hotel", latitude: 40 }))).body.listing!.slug}/messages`, { subject: "Hello", text: "Anyone there at all?" }, withCookie(traveller));
    expect(unclaimed.status).toBe(404);
    expect(await mailTo("nobody@example.org")).toEqual([]);
  });
});
