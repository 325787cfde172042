import { useEffect, useRef, useState, type ReactNode } from "react";
import { locationMapZoom } from "~/lib/map/results-map";
import { loadMaplibre, nearViewport, useMapStyleUrl } from "./map-loading";
import { NewTabNote } from "./new-tab-note";

export function validCoordinates(latitude: number | null, longitude: number | null): boolean {
  return (
    latitude !== null && longitude !== null && Number.isFinite(latitude) && Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180
  );
}

/**
 * The location map, loaded only when it comes near the screen (map-loading.ts). Missing
 * coordinates say "Location not available"; invalid ones are logged and no map is drawn. Without JavaScript the box gives the coordinates
 * as a link to Google Maps.
 */
export function BusinessMap({ latitude, longitude, name }: { latitude: number | null; longitude: number | null; name: string }) {
  const styleUrl = useMapStyleUrl();
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
    const visible = container.current ? nearViewport(container.current) : null;
    void (async () => {
      await visible?.ready;
      try {
        const maplibre = await loadMaplibre(() => cancelled);
        if (!maplibre || cancelled || !container.current) return;
        const center: [number, number] = [longitude!, latitude!];
        const instance = new maplibre.Map({
          container: container.current,
          style: styleUrl,
          center,
          // City level on the offline basemap, which has no streets to show closer; street level on a street style.
          zoom: locationMapZoom(styleUrl),
          attributionControl: { compact: true },
          // The canvas is what the keyboard reaches (Tab, then arrows pan): its own name says whose map it is.
          locale: { "Map.Title": `Map showing ${name}` },
        });
        new maplibre.Marker({ color: "#1e40af" }).setLngLat(center).addTo(instance);
        map = instance;
      } catch (error) {
        console.error("map failed to load", error);
        setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      visible?.cancel();
      map?.remove();
    };
  }, [latitude, longitude, styleUrl, missing, valid, name]);

  if (missing) return <MapNotice>Location not available</MapNotice>;
  if (!valid || failed) return <MapNotice>Map unavailable</MapNotice>;
  const point = `${latitude}, ${longitude}`;
  return (
    <div ref={container} data-testid="business-map" className="h-64 w-full overflow-hidden rounded-lg">
      {/* The map is drawn by script; without it the box would stay empty. */}
      <noscript>
        <MapNotice>
          <span>The map needs JavaScript.</span>
          <a
            href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(point)}`}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-700 dark:text-sky-300 underline underline-offset-2"
          >
            View {point} on Google Maps
            <NewTabNote />
          </a>
        </MapNotice>
      </noscript>
    </div>
  );
}

/** What the map box says instead of a map. */
function MapNotice({ children }: { children: ReactNode }) {
  return <div className="flex h-64 flex-col items-center justify-center gap-2 rounded-lg bg-slate-100 dark:bg-slate-800 p-4 text-center text-slate-600 dark:text-slate-300">{children}</div>;
}
