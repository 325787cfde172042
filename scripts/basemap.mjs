// Writes the offline basemap's shapes (public/basemap/): land and country borders from Natural
// Earth as the world-atlas package ships them (TopoJSON), converted to GeoJSON with
// topojson-client, coordinates cut to 3 decimals (about 100 m, finer than the 1:50m data).
// Run by `npm run basemap`; the output is committed, so a build needs neither package.
//   node scripts/basemap.mjs [--packages DIR]   (DIR: a node_modules holding both packages)
import { createRequire } from "node:module";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const flag = process.argv.indexOf("--packages");
const require = createRequire(flag > 0 ? path.join(path.resolve(process.argv[flag + 1]), "x.js") : path.join(root, "package.json"));
const { feature, mesh } = require("topojson-client");
const atlas = (name) => JSON.parse(readFileSync(require.resolve(`world-atlas/${name}`), "utf8"));

const round = (value) => Math.round(value * 1000) / 1000;
/** Coordinates rounded, and the points that rounding made repeat dropped. */
function rounded(coordinates) {
  if (typeof coordinates[0] === "number") return coordinates.map(round);
  const out = coordinates.map(rounded);
  if (Array.isArray(out[0]) && typeof out[0][0] === "number") {
    return out.filter((point, i) => i === 0 || i === out.length - 1 || point[0] !== out[i - 1][0] || point[1] !== out[i - 1][1]);
  }
  return out;
}
const geometry = (g) => ({ type: g.type, coordinates: rounded(g.coordinates) });

const countries = atlas("countries-50m.json");
const land = atlas("land-50m.json");
const out = path.join(root, "public", "basemap");
mkdirSync(out, { recursive: true });

const landShapes = feature(land, land.objects.land);
const landCollection = {
  type: "FeatureCollection",
  features: (landShapes.type === "FeatureCollection" ? landShapes.features : [landShapes]).map((f) => ({ type: "Feature", properties: {}, geometry: geometry(f.geometry) })),
};
// Borders between two countries only: the coast is the land's own outline.
const borders = mesh(countries, countries.objects.countries, (a, b) => a !== b);
const bordersCollection = { type: "FeatureCollection", features: [{ type: "Feature", properties: {}, geometry: geometry(borders) }] };

writeFileSync(path.join(out, "land.json"), JSON.stringify(landCollection));
writeFileSync(path.join(out, "borders.json"), JSON.stringify(bordersCollection));
for (const name of ["land.json", "borders.json"]) console.log(`public/basemap/${name}`, readFileSync(path.join(out, name)).length, "bytes");
