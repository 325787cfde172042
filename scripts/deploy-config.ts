/**
 * What `npm run deploy` refuses to send to Cloudflare (scripts/deploy.ts): a configuration still
 * holding the local defaults. SITE_URL makes every canonical link, sitemap URL and JSON-LD URL
 * (and the admin API's origin check), so a deployment that forgot it would tell search engines
 * the directory lives on the local address; the all-zero database id is wrangler.toml's
 * placeholder. Secrets cannot be read from here: the README lists them.
 */

/** The parts of a parsed wrangler.toml this check reads (wrangler's own names). */
export interface WranglerConfig {
  vars?: Record<string, unknown>;
  d1_databases?: { binding?: string; database_id?: string }[];
  env?: Record<string, WranglerConfig | undefined>;
}

const PLACEHOLDER_DATABASE_ID = /^0{8}-0{4}-0{4}-0{4}-0{12}$/;

/** Loopback, unspecified and private addresses, and names that only mean this machine. */
function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host === "::1" || host === "::") return true;
  const ipv4 = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(host);
  if (!ipv4) return false;
  const [a, b] = [Number(ipv4[1]), Number(ipv4[2])];
  return a === 127 || a === 0 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

/**
 * The deployment's problems, in words for the person deploying (none: it may go). `envName` is
 * wrangler's `--env`: vars and D1 bindings are not inherited by an environment, so its own are
 * read. `varOverrides` are the `--var NAME:value` given on the command line, which win.
 */
export function deploymentProblems(config: WranglerConfig, envName: string | null, varOverrides: Record<string, string> = {}): string[] {
  const section = envName === null ? config : config.env?.[envName];
  if (!section) return [`wrangler.toml has no [env.${envName}] section.`];
  const where = envName === null ? "[vars]" : `[env.${envName}.vars]`;
  const problems: string[] = [];

  const siteUrl = varOverrides.SITE_URL ?? section.vars?.SITE_URL;
  if (typeof siteUrl !== "string" || siteUrl.trim() === "") {
    problems.push(`SITE_URL is not set in wrangler.toml ${where}: set it to the site's public address (https://…).`);
  } else {
    let url: URL | null = null;
    try {
      url = new URL(siteUrl);
    } catch {
      problems.push(`SITE_URL "${siteUrl}" is not a URL: set it to the site's public address (https://…).`);
    }
    if (url && isLocalHost(url.hostname)) {
      problems.push(`SITE_URL "${siteUrl}" is a local address: canonical links and sitemaps would point there. Set the site's public address in wrangler.toml ${where}.`);
    } else if (url && url.protocol !== "https:") {
      problems.push(`SITE_URL "${siteUrl}" is not https: the admin session cookie is only sent over https, and links should not downgrade.`);
    } else if (url && (url.pathname !== "/" || url.search || url.hash)) {
      problems.push(`SITE_URL "${siteUrl}" has a path: give the site's origin only (the Worker serves from its root).`);
    }
  }

  const database = section.d1_databases?.find((entry) => entry.binding === "DB");
  if (!database?.database_id || PLACEHOLDER_DATABASE_ID.test(database.database_id)) {
    problems.push(`The D1 binding DB has no real database_id: run \`npx wrangler d1 create business-directory\` and put its id into wrangler.toml.`);
  }
  return problems;
}

/** `--env X` / `--env=X` / `-e X` and every `--var NAME:value` of wrangler deploy's arguments. */
export function deployArguments(args: string[]): { envName: string | null; varOverrides: Record<string, string> } {
  let envName: string | null = null;
  const varOverrides: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--env" || arg === "-e") envName = args[++i] ?? null;
    else if (arg.startsWith("--env=")) envName = arg.slice("--env=".length);
    else if (arg === "--var" || arg.startsWith("--var=")) {
      // wrangler takes several NAME:value after one --var.
      const values = arg === "--var" ? [] : [arg.slice("--var=".length)];
      if (arg === "--var") while (i + 1 < args.length && !args[i + 1]!.startsWith("-")) values.push(args[++i]!);
      for (const value of values) {
        const colon = value.indexOf(":");
        if (colon > 0) varOverrides[value.slice(0, colon)] = value.slice(colon + 1);
      }
    }
  }
  return { envName: envName === "" ? null : envName, varOverrides };
}
