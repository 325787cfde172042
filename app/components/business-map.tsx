import { useEffect, useRef, useState } from "react";
// Only the URL: the worker script is fetched by maplibre when a map is drawn.
import maplibreWorkerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";

export const MAP_DEFAULT_ZOOM = 15;
const MAP_LOAD_ATTEMPTS = 10;
const MAP_RETRY_MS = 100;

export function validCoordinates(latitude: number | null, longitude: number | null): boolean {
  return (
    latitude !== null && longitude !== null && Number.isFinite(latitude) && Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180
  );
}

/**
 * The location map. maplibre-gl is imported only here, inside an effect: it is loaded in the
 * browser, only on the business page. Missing coordinates say "Location not available";
 * invalid ones are logged and no map is drawn.
 */
export function BusinessMap({ latitude, longitude, name, styleUrl }: { latitude: number | null; longitude: number | null; name: string; styleUrl: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const missing = latitude === null || longitude === null;
  const valid = validCoordinates(latitude, longitude);

  useEffect(() => {
    if (missing) return;
    if (!valid) {
      console.warn("Invalid coordinates for map", { latitude, longitude });
      return;
    }
    let map: { remove(): void } | null = null;
    let cancelled = false;
    void (async () => {
      // The spec's map load: up to 10 attempts, 100 ms apart (a chunk fetch can fail transiently).
      for (let attempt = 1; attempt <= MAP_LOAD_ATTEMPTS && !cancelled; attempt++) {
        try {
          const maplibre = await import("maplibre-gl");
          if (cancelled || !container.current) return;
          maplibre.setWorkerUrl(maplibreWorkerUrl);
          const center: [number, number] = [longitude!, latitude!];
          const instance = new maplibre.Map({ container: container.current, style: styleUrl, center, zoom: MAP_DEFAULT_ZOOM, attributionControl: { compact: true } });
          new maplibre.Marker({ color: "#1e40af" }).setLngLat(center).addTo(instance);
          map = instance;
          return;
        } catch (error) {
          if (attempt === MAP_LOAD_ATTEMPTS) {
            console.error("map failed to load", error);
            setFailed(true);
          } else {
            await new Promise((resolve) => setTimeout(resolve, MAP_RETRY_MS));
          }
        }
      }
    })();
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [latitude, longitude, styleUrl, missing, valid]);

  if (missing) {
    return <div className="flex h-64 items-center justify-center rounded-lg bg-slate-100 text-slate-600">Location not available</div>;
  }
  if (!valid || failed) {
    return <div className="flex h-64 items-center justify-center rounded-lg bg-slate-100 text-slate-600">Map unavailable</div>;
  }
  return <div ref={container} data-testid="business-map" role="region" aria-label={`Map showing ${name}`} className="h-64 w-full overflow-hidden rounded-lg" />;
}
