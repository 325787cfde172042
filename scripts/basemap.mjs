// Writes the offline basemap's shapes (public/basemap/): land and country borders from Natural
// Earth as the world-atlas package ships them (TopoJSON), converted to GeoJSON with
// topojson-client, coordinates cut to 3 decimals (about 100 m, finer than the 1:50m data).
// Run by `npm run build` (and `npm run basemap`); the output is also committed, so the site runs from a checkout before any build.
//   node scripts/basemap.mjs [--packages DIR]   (DIR: a node_modules holding both packages)
import { createRequire } from "node:module";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const flag = process.argv.indexOf("--packages");
const require = createRequire(flag > 0 ? path.join(path.resolve(process.argv[flag + 1]), "x.js") : path.join(root, "package.json"));
let topojson;
try {
  topojson = require("topojson-client");
  require.resolve("world-atlas/land-50m.json");
} catch {
  console.error("scripts/basemap.mjs needs the world-atlas and topojson-client packages (devDependencies), or --packages DIR naming a node_modules that holds them.");
  process.exit(1);
}
const { feature, mesh } = topojson;
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

/** A ring's longitudes made continuous (no step over 180°), so a ring crossing the antimeridian runs past ±180 instead of across the map. */
function unwrap(ring) {
  let shift = 0;
  return ring.map(([lng, lat], i) => {
    if (i > 0) {
      const previous = ring[i - 1][0];
      if (lng - previous > 180) shift -= 360;
      else if (lng - previous < -180) shift += 360;
    }
    return [lng + shift, lat];
  });
}

/**
 * Polygons a flat map draws as the sphere has them: a ring that crosses the antimeridian runs on
 * past ±180 (maplibre draws what lies beyond on the other side of the map); a ring round a pole (Antarctica) is
 * closed along the pole; the sliver rings at the pole itself are dropped.
 */
function flatPolygons(polygons) {
  const out = [];
  for (const polygon of polygons) {
    const rings = polygon.filter((ring) => ring.some(([, lat]) => Math.abs(lat) < 89.9)).map(unwrap);
    if (rings.length === 0) continue;
    const outer = rings[0];
    const span = outer[outer.length - 1][0] - outer[0][0];
    if (Math.abs(span) > 180) {
      // Round a pole: along the pole's edge back to where the ring began.
      const pole = outer.reduce((sum, [, lat]) => sum + lat, 0) < 0 ? -90 : 90;
      outer.push([outer[outer.length - 1][0], pole], [outer[0][0], pole], outer[0]);
    }
    out.push(rings);
  }
  return out;
}

/** Lines cut where they cross the antimeridian, so no segment spans the map. */
function flatLines(lines) {
  const out = [];
  for (const line of lines) {
    let part = [line[0]];
    for (let i = 1; i < line.length; i++) {
      if (Math.abs(line[i][0] - line[i - 1][0]) > 180) {
        if (part.length > 1) out.push(part);
        part = [];
      }
      part.push(line[i]);
    }
    if (part.length > 1) out.push(part);
  }
  return out;
}

const multiPolygon = (g) => (g.type === "Polygon" ? [g.coordinates] : g.coordinates);
const multiLine = (g) => (g.type === "LineString" ? [g.coordinates] : g.coordinates);

const countries = atlas("countries-50m.json");
const land = atlas("land-50m.json");
const out = path.join(root, "public", "basemap");
mkdirSync(out, { recursive: true });

const landShapes = feature(land, land.objects.land);
const landPolygons = (landShapes.type === "FeatureCollection" ? landShapes.features : [landShapes]).flatMap((f) => multiPolygon(f.geometry));
const landCollection = {
  type: "FeatureCollection",
  features: [{ type: "Feature", properties: {}, geometry: { type: "MultiPolygon", coordinates: rounded(flatPolygons(landPolygons)) } }],
};
// Borders between two countries only: the coast is the land's own outline.
const borders = mesh(countries, countries.objects.countries, (a, b) => a !== b);
const bordersCollection = {
  type: "FeatureCollection",
  features: [{ type: "Feature", properties: {}, geometry: { type: "MultiLineString", coordinates: rounded(flatLines(multiLine(borders))) } }],
};

writeFileSync(path.join(out, "land.json"), JSON.stringify(landCollection));
writeFileSync(path.join(out, "borders.json"), JSON.stringify(bordersCollection));
for (const name of ["land.json", "borders.json"]) console.log(`public/basemap/${name}`, readFileSync(path.join(out, name)).length, "bytes");
