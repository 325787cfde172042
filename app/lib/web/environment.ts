/**
 * Whether the Worker runs as the real site: every ENVIRONMENT but "development" (which only the
 * local servers set), so a deploy that forgets the variable gets production's protections. Pure.
 */
export function isProduction(env: { ENVIRONMENT?: string }): boolean {
  return env.ENVIRONMENT !== "development";
}
