import { flatRoutes } from "@remix-run/fs-routes";
import type { RouteConfig } from "@remix-run/route-config";

// Remix's v3_routeConfig: the routes are still the flat-route files in app/routes/.
export default flatRoutes() satisfies RouteConfig;
