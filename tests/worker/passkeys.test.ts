import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { joinBytes } from "~/lib/web/bytes";
import { PASSKEY_CHALLENGE_MESSAGE, PASSKEY_NOT_FOUND_MESSAGE, PASSKEY_REFUSED_MESSAGE, TOO_MANY_PASSKEY_SIGN_INS_MESSAGE } from "~/lib/members/passkeys";

const SITE = "https://example.com";
const encoder = new TextEncoder();

/** Each caller its own client address, so the per-client throttles count only where a test means them to. */
let clients = 0;
const newClient = () => `198.51.100.${++clients % 250}`;

function call(path: string, { method = "POST", cookie = "", body, client = "198.51.100.250" }: { method?: string; cookie?: string; body?: unknown; client?: string } = {}) {
  return SELF.fetch(SITE + path, {
    method,
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": client, ...(cookie ? { Cookie: cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The name=value of the cookie `name` a response sets. */
function cookieOf(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((value) => value.startsWith(`${name}=`))?.split(";")[0];
}

/** Signs `email` in by the code the local mailbox holds, as a person would; answers the session cookie. */
async function signIn(email: string): Promise<string> {
  expect((await call("/api/account/email-code", { body: { email }, client: newClient() })).status).toBe(200);
  const mailbox = await SELF.fetch(`${SITE}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const { messages } = (await mailbox.json()) as { messages: { text: string }[] };
  const code = /\b(\d{6})\b/.exec(messages[0]!.text)![1]!;
  const verified = await call("/api/account/verify", { body: { email, code } });
  expect(verified.status).toBe(200);
  return cookieOf(verified, "__Host-member_session")!;
}

const me = (cookie: string) => SELF.fetch(`${SITE}/api/account/me`, { headers: { Cookie: cookie } });

// --- A software authenticator: a P-256 key, authenticator data and a "none" attestation made by hand. ---

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array {
  return Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
}

function concat(...parts: (Uint8Array | number[])[]): Uint8Array<ArrayBuffer> {
  return joinBytes(parts.map((part) => Uint8Array.from(part)));
}

const uint32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const sha256 = async (bytes: Uint8Array<ArrayBuffer>) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

/** CBOR (RFC 8949) of the few kinds an attestation holds: integers, byte and text strings, maps. */
function cbor(value: Cbor): Uint8Array<ArrayBuffer> {
  const head = (major: number, n: number) =>
    n < 24 ? [(major << 5) | n] : n < 256 ? [(major << 5) | 24, n] : n < 65536 ? [(major << 5) | 25, n >> 8, n & 255] : [(major << 5) | 26, ...uint32(n)];
  if (typeof value === "number") return new Uint8Array(value >= 0 ? head(0, value) : head(1, -1 - value));
  if (typeof value === "string") return concat(head(3, encoder.encode(value).length), encoder.encode(value));
  if (value instanceof Uint8Array) return concat(head(2, value.length), value);
  return concat(head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)]));
}

/** WebCrypto's ECDSA signature (r ‖ s) as the DER sequence WebAuthn carries. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start++;
    const value = bytes[start]! & 0x80 ? concat([0], bytes.slice(start)) : bytes.slice(start);
    return concat([0x02, value.length], value);
  };
  const r = integer(raw.slice(0, 32));
  const s = integer(raw.slice(32));
  return concat([0x30, r.length + s.length], r, s);
}

type CreationOptions = { challenge: string; rp: { id: string; name: string }; user: { id: string; name: string }; excludeCredentials: { id: string }[] };
type RequestOptions = { challenge: string; rpId: string };

/** A passkey as a phone or laptop holds one: its key pair, its credential id and its use counter. */
class SoftwareAuthenticator {
  counter = 0;
  readonly credentialId = crypto.getRandomValues(new Uint8Array(32));
  userHandle = "";
  private constructor(private readonly keys: CryptoKeyPair) {}

  static async make(): Promise<SoftwareAuthenticator> {
    return new SoftwareAuthenticator((await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair);
  }

  get id(): string {
    return base64url(this.credentialId);
  }

  private clientData(type: string, challenge: string, origin: string): Uint8Array<ArrayBuffer> {
    return encoder.encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** What navigator.credentials.create answers (startRegistration's JSON). */
  async register(options: CreationOptions, origin = SITE) {
    this.userHandle = options.user.id;
    const jwk = await crypto.subtle.exportKey("jwk", this.keys.publicKey);
    const coseKey = cbor(new Map<Cbor, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, fromBase64url(jwk.x!)], [-3, fromBase64url(jwk.y!)]]));
    // Flags: user present, user verified, attested credential data included.
    const authData = concat(await sha256(encoder.encode(options.rp.id)), [0x45], uint32(this.counter), new Uint8Array(16), [0, this.credentialId.length], this.credentialId, coseKey);
    const attestationObject = cbor(new Map<Cbor, Cbor>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]));
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: { clientDataJSON: base64url(this.clientData("webauthn.create", options.challenge, origin)), attestationObject: base64url(attestationObject), transports: ["internal", "hybrid"] },
    };
  }

  /** What navigator.credentials.get answers (startAuthentication's JSON), signed by `signer` (its own key unless a test swaps it). */
  async authenticate(options: RequestOptions, { origin = SITE, signer = this.keys.privateKey }: { origin?: string; signer?: CryptoKey } = {}) {
    this.counter += 1;
    const authData = concat(await sha256(encoder.encode(options.rpId)), [0x05], uint32(this.counter));
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, origin);
    const signed = concat(authData, await sha256(clientDataJSON));
    const signature = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, signer, signed));
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      response: { clientDataJSON: base64url(clientDataJSON), authenticatorData: base64url(authData), signature: base64url(derSignature(signature)), userHandle: this.userHandle || undefined },
    };
  }
}

// --- The member's steps, through the calls the account page makes. ---

async function addPasskey(session: string, authenticator: SoftwareAuthenticator): Promise<Response> {
  const asked = await call("/api/account/passkeys/register-options", { cookie: session });
  expect(asked.status).toBe(200);
  const { options } = (await asked.json()) as { options: CreationOptions };
  const challenge = cookieOf(asked, "__Host-passkey_challenge")!;
  return call("/api/account/passkeys/register", { cookie: `${session}; ${challenge}`, body: await authenticator.register(options) });
}

/** The options and challenge cookie for a passkey sign-in. */
async function signInOptions(client: string): Promise<{ options: RequestOptions; challenge: string }> {
  const asked = await call("/api/account/passkeys/login-options", { client });
  expect(asked.status).toBe(200);
  return { options: ((await asked.json()) as { options: RequestOptions }).options, challenge: cookieOf(asked, "__Host-passkey_challenge")! };
}

async function signInWithPasskey(authenticator: SoftwareAuthenticator, client = newClient()): Promise<Response> {
  const { options, challenge } = await signInOptions(client);
  return call("/api/account/passkeys/login", { cookie: challenge, client, body: await authenticator.authenticate(options) });
}

async function passkeysOf(session: string): Promise<{ id: string; createdAt: number; lastUsedAt: number | null }[]> {
  const listed = await SELF.fetch(`${SITE}/api/account/passkeys`, { headers: { Cookie: session } });
  expect(listed.status).toBe(200);
  return ((await listed.json()) as { passkeys: { id: string; createdAt: number; lastUsedAt: number | null }[] }).passkeys;
}

describe("passkeys", () => {
  it("adds a passkey to a signed-in member's account, then signs in with it as the e-mail code does", async () => {
    const session = await signIn("passkey-owner@example.org");
    const page = await (await SELF.fetch(`${SITE}/account`, { headers: { Cookie: session } })).text();
    expect(page).toContain(">Passkeys</h2>");
    expect(page).toContain("Add a passkey");
    const authenticator = await SoftwareAuthenticator.make();
    const added = await addPasskey(session, authenticator);
    expect(added.status).toBe(200);
    expect(added.headers.getSetCookie().some((value) => value.startsWith("__Host-passkey_challenge=;") && value.includes("Max-Age=0"))).toBe(true);
    const [listed, ...more] = await passkeysOf(session);
    expect(more).toEqual([]);
    expect(listed).toEqual({ id: authenticator.id, createdAt: expect.any(Number), lastUsedAt: null });
    expect(Math.abs(listed!.createdAt - Date.now() / 1000)).toBeLessThan(60);

    const signedIn = await signInWithPasskey(authenticator);
    expect(signedIn.status).toBe(200);
    const body = (await signedIn.json()) as { user: { id: number } };
    expect(body).toEqual({ success: true, user: { id: expect.any(Number), email: "passkey-owner@example.org", displayName: "" } });
    const cookie = signedIn.headers.getSetCookie().find((value) => value.startsWith("__Host-member_session="))!;
    expect(cookie).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    expect(signedIn.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^member_signed_in=1;/));
    const answer = await me(cookieOf(signedIn, "__Host-member_session")!);
    expect(await answer.json()).toEqual({ user: { id: body.user.id, email: "passkey-owner@example.org", displayName: "", status: "active" } });
    expect((await passkeysOf(session))[0]!.lastUsedAt).toEqual(expect.any(Number));
  });

  it("refuses a wrong signature, an answer made for another site, and a counter that went back", async () => {
    const session = await signIn("passkey-refusals@example.org");
    const authenticator = await SoftwareAuthenticator.make();
    expect((await addPasskey(session, authenticator)).status).toBe(200);
    const refusedAs = async (response: Response, message: string) => {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ success: false, message });
      expect(cookieOf(response, "__Host-member_session")).toBeUndefined();
    };

    const impostor = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, ["sign", "verify"]);
    const client = newClient();
    let asked = await signInOptions(client);
    await refusedAs(await call("/api/account/passkeys/login", { cookie: asked.challenge, client, body: await authenticator.authenticate(asked.options, { signer: impostor.privateKey }) }), PASSKEY_REFUSED_MESSAGE);

    asked = await signInOptions(client);
    await refusedAs(await call("/api/account/passkeys/login", { cookie: asked.challenge, client, body: await authenticator.authenticate(asked.options, { origin: "https://evil.example" }) }), PASSKEY_REFUSED_MESSAGE);

    expect((await signInWithPasskey(authenticator)).status).toBe(200);
    // A copy of the key whose count lags behind the stored one.
    authenticator.counter -= 2;
    await refusedAs(await signInWithPasskey(authenticator), PASSKEY_REFUSED_MESSAGE);
    authenticator.counter += 5;
    expect((await signInWithPasskey(authenticator)).status).toBe(200);
  });

  it("uses a challenge once: neither the same answer nor a new one signs in again with it", async () => {
    const session = await signIn("passkey-replay@example.org");
    const authenticator = await SoftwareAuthenticator.make();
    expect((await addPasskey(session, authenticator)).status).toBe(200);
    const client = newClient();
    const { options, challenge } = await signInOptions(client);
    const answer = await authenticator.authenticate(options);
    expect((await call("/api/account/passkeys/login", { cookie: challenge, client, body: answer })).status).toBe(200);
    for (const body of [answer, await authenticator.authenticate(options)]) {
      const again = await call("/api/account/passkeys/login", { cookie: challenge, client, body });
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual({ success: false, message: PASSKEY_CHALLENGE_MESSAGE });
      expect(cookieOf(again, "__Host-member_session")).toBeUndefined();
    }
    // Without the challenge's cookie, or with a sign-in challenge offered to add a passkey, nothing passes either.
    expect((await call("/api/account/passkeys/login", { client, body: await authenticator.authenticate(options) })).status).toBe(400);
    const other = await SoftwareAuthenticator.make();
    const fresh = await signInOptions(client);
    const registration = await other.register({ challenge: fresh.options.challenge, rp: { id: "example.com", name: "" }, user: { id: "", name: "" }, excludeCredentials: [] });
    expect((await call("/api/account/passkeys/register", { cookie: `${session}; ${fresh.challenge}`, body: registration })).status).toBe(400);
    expect(await passkeysOf(session)).toHaveLength(1);
  });

  it("lets a member remove only their own passkeys, after which the passkey no longer signs in", async () => {
    const owner = await signIn("passkey-keeper@example.org");
    const stranger = await signIn("passkey-stranger@example.org");
    const authenticator = await SoftwareAuthenticator.make();
    expect((await addPasskey(owner, authenticator)).status).toBe(200);
    const path = `/api/account/passkeys/${authenticator.id}`;
    const refused = await call(path, { method: "DELETE", cookie: stranger });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ success: false, message: PASSKEY_NOT_FOUND_MESSAGE });
    expect((await call(path, { method: "DELETE" })).status).toBe(401);
    expect(await passkeysOf(owner)).toHaveLength(1);
    expect(await passkeysOf(stranger)).toEqual([]);
    expect((await signInWithPasskey(authenticator)).status).toBe(200);

    expect((await call(path, { method: "DELETE", cookie: owner })).status).toBe(200);
    expect(await passkeysOf(owner)).toEqual([]);
    const gone = await signInWithPasskey(authenticator);
    expect(gone.status).toBe(400);
    expect(await gone.json()).toEqual({ success: false, message: PASSKEY_REFUSED_MESSAGE });
  });

  it("asks a signed-out visitor to sign in before adding, listing or removing passkeys", async () => {
    const asked = await call("/api/account/passkeys/register-options");
    expect(asked.status).toBe(401);
    expect(await asked.json()).toEqual({ success: false, message: "Not signed in" });
    expect(cookieOf(asked, "__Host-passkey_challenge")).toBeUndefined();
    const authenticator = await SoftwareAuthenticator.make();
    const registration = await authenticator.register({ challenge: "AAAAAAAAAAAAAAAAAAAAAA", rp: { id: "example.com", name: "" }, user: { id: "", name: "" }, excludeCredentials: [] });
    expect((await call("/api/account/passkeys/register", { body: registration })).status).toBe(401);
    expect((await SELF.fetch(`${SITE}/api/account/passkeys`)).status).toBe(401);
    expect((await call(`/api/account/passkeys/${authenticator.id}`, { method: "DELETE" })).status).toBe(401);
  });

  it("opens no session for a suspended member's passkey", async () => {
    const session = await signIn("passkey-suspended@example.org");
    const authenticator = await SoftwareAuthenticator.make();
    expect((await addPasskey(session, authenticator)).status).toBe(200);
    await env.DB.prepare(`UPDATE members SET status = 'suspended' WHERE email = 'passkey-suspended@example.org'`).run();
    expect((await me(session)).status).toBe(401);
    const refused = await signInWithPasskey(authenticator);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ success: false, message: PASSKEY_REFUSED_MESSAGE });
    expect(cookieOf(refused, "__Host-member_session")).toBeUndefined();
    const sessions = await env.DB.prepare(`SELECT count(*) AS n FROM member_sessions JOIN members ON members.id = member_id WHERE email = 'passkey-suspended@example.org'`).first<{ n: number }>();
    expect(sessions!.n).toBe(0);
  });

  it("throttles passkey sign-ins per client, with Retry-After", async () => {
    const authenticator = await SoftwareAuthenticator.make();
    const client = "2001:db8:77:1::1";
    const { options } = await signInOptions(client);
    const body = await authenticator.authenticate(options);
    for (let i = 0; i < 20; i++) expect((await call("/api/account/passkeys/login", { client, body })).status).toBe(400);
    // Another address of the same IPv6 /64 is the same client.
    const throttled = await call("/api/account/passkeys/login", { client: "2001:db8:77:1::2", body });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await throttled.json()).toEqual({ success: false, message: TOO_MANY_PASSKEY_SIGN_INS_MESSAGE });
  });
});
