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

/** Loopback, unspecified, link-local and private addresses, and names that only mean this machine. */
function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")) return true;
  if (host.includes(":")) {
    // IPv6 (URL writes it compressed): loopback, unspecified, IPv4-mapped, unique-local fc00::/7, link-local fe80::/10.
    return host === "::1" || host === "::" || host.startsWith("::ffff:") || /^f[cd][0-9a-f]{0,2}:/.test(host) || /^fe[89ab][0-9a-f]?:/.test(host);
  }
  const ipv4 = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(host);
  if (!ipv4) return false;
  const [a, b] = [Number(ipv4[1]), Number(ipv4[2])];
  return (
    a === 127 || a === 0 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) ||
    (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127)
  );
}

/**
 * The deployment's problems, in words for the person deploying (none: it may go). `envName` is
 * wrangler's `--env`: vars and D1 bindings are not inherited by an environment, so its own are
 * read. `varOverrides` are the `--var NAME:value` given on the command line, which win.
 * `configName` is the configuration file's name, as the messages say it.
 */
export function deploymentProblems(
  config: WranglerConfig,
  envName: string | null,
  varOverrides: Record<string, string> = {},
  configName = "wrangler.toml",
): string[] {
  const section = envName === null ? config : config.env?.[envName];
  if (!section) return [`${configName} has no [env.${envName}] section.`];
  const where = envName === null ? "[vars]" : `[env.${envName}.vars]`;
  const problems: string[] = [];

  const siteUrl = varOverrides.SITE_URL ?? section.vars?.SITE_URL;
  if (typeof siteUrl !== "string" || siteUrl.trim() === "") {
    problems.push(`SITE_URL is not set in ${configName} ${where}: set it to the site's public address (https://…).`);
  } else {
    let url: URL | null = null;
    try {
      url = new URL(siteUrl);
    } catch {
      problems.push(`SITE_URL "${siteUrl}" is not a URL: set it to the site's public address (https://…).`);
    }
    if (url && isLocalHost(url.hostname)) {
      problems.push(`SITE_URL "${siteUrl}" is a local address: canonical links and sitemaps would point there. Set the site's public address in ${configName} ${where}.`);
    } else if (url && url.protocol !== "https:") {
      problems.push(`SITE_URL "${siteUrl}" is not https: the admin session cookie is only sent over https, and links should not downgrade.`);
    } else if (url && siteUrl.replace(/\/+$/, "").toLowerCase() !== url.origin) {
      // Links are the origin with a path appended: anything else in it (a path, "?", "#", a login, spaces) breaks them.
      problems.push(`SITE_URL "${siteUrl}" is more than an origin: give only https://host (the Worker serves from its root).`);
    }
  }

  const database = section.d1_databases?.find((entry) => entry.binding === "DB");
  if (!database?.database_id || PLACEHOLDER_DATABASE_ID.test(database.database_id)) {
    problems.push(`The D1 binding DB has no real database_id: run \`npx wrangler d1 create business-directory\` and put its id into ${configName}.`);
  }
  return problems;
}

/**
 * What of wrangler deploy's arguments the check must follow: the environment (`--env X`,
 * `--env=X`, `-e X`, `-e=X`, else wrangler's CLOUDFLARE_ENV), the configuration file (`--config`,
 * `-c`; wrangler.toml by default) and every `--var NAME:value`.
 */
export function deployArguments(
  args: string[],
  environment: Record<string, string | undefined> = {},
): { envName: string | null; configPath: string; varOverrides: Record<string, string> } {
  let envName: string | null = environment.CLOUDFLARE_ENV || null;
  let configPath = "wrangler.toml";
  const varOverrides: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--env" || arg === "-e") envName = args[++i] ?? null;
    else if (arg.startsWith("--env=") || arg.startsWith("-e=")) envName = arg.slice(arg.indexOf("=") + 1);
    else if (arg === "--config" || arg === "-c") configPath = args[++i] ?? configPath;
    else if (arg.startsWith("--config=") || arg.startsWith("-c=")) configPath = arg.slice(arg.indexOf("=") + 1);
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
  return { envName: envName === "" ? null : envName, configPath, varOverrides };
}
